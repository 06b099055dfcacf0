import type { SVGProps } from 'react'
import socialIcons from './social-icons.svg?no-inline'

/** Inline SVG icons of the shell (no icon font, no extra request). Decorative: aria-hidden. */
export const base = (props: SVGProps<SVGSVGElement>) => ({
  'aria-hidden': true as const,
  focusable: false as const,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  className: 'size-6',
  ...props,
})

export const IconMenu = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
)
export const IconClose = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
)
export const IconSearch = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </svg>
)
export const IconHeart = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </svg>
)
export const IconCart = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M3 4h2l2.2 11h10.6L20 8H6.2" />
    <circle cx="9" cy="19.5" r="1.3" />
    <circle cx="17" cy="19.5" r="1.3" />
  </svg>
)
export const IconUser = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </svg>
)
export const IconPin = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.8" r="2.3" />
  </svg>
)
export const IconPhone = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5C10.6 20 4 13.4 3.5 5.6A1.5 1.5 0 0 1 5 4z" />
  </svg>
)
export const IconDots = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="19" cy="12" r="1.2" fill="currentColor" />
  </svg>
)
/**
 * Social network icons (issue 17: real icons, not letters), monochrome, drawn in currentColor:
 * symbols of one static SVG file (social-icons.svg, a hashed asset cached for a year), not path
 * data in every page's JavaScript. The networks the shop uses have a glyph there; a network
 * without one keeps its short name. Decorative: the link's accessible name is the network's full
 * name (SocialLinks in header-contacts.tsx).
 */
const DRAWN = new Set(['vk', 'tg', 'ok', 'yt', 'yz', 'wa', 'pi', 'vb', 'dr', 'ig'])
const socialShort: Record<string, string> = {
  fb: 'f',
  tw: 'X',
  be: 'Bē',
  li: 'in',
  md: 'M',
}
export function SocialBadge({ type }: { type: string }) {
  return (
    <span
      aria-hidden="true"
      data-social-icon={type}
      className="flex size-8 items-center justify-center rounded-full bg-neutral-100 text-[11px] font-semibold text-neutral-700"
    >
      {DRAWN.has(type) ? (
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" focusable="false">
          <use href={`${socialIcons}#${type}`} />
        </svg>
      ) : (
        (socialShort[type] ?? type.toUpperCase())
      )}
    </span>
  )
}
