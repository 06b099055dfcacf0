import type { SVGProps } from 'react'

/** Inline SVG icons of the shell (no icon font, no extra request). Decorative: aria-hidden. */
const base = (props: SVGProps<SVGSVGElement>) => ({
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
export const IconChevronRight = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M9 6l6 6-6 6" />
  </svg>
)
export const IconChevronLeft = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M15 6l-6 6 6 6" />
  </svg>
)
export const IconChevronDown = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M6 9l6 6 6-6" />
  </svg>
)

/**
 * Social network icons (issue 17: real icons, not letters), monochrome, drawn in currentColor.
 * Filled glyphs for the networks the shop uses; a network without one keeps its short name.
 * Decorative: the link's accessible name is the network's full name (SocialLinks in header.tsx).
 */
const socialFilled: Record<string, string> = {
  vk: 'M13.1 18c-6 0-9.4-4.1-9.6-11h3c.1 5 2.3 7.2 4.1 7.6V7h2.8v4.3c1.7-.2 3.6-2.2 4.2-4.3h2.8a8.4 8.4 0 0 1-3.8 5.5 8.7 8.7 0 0 1 4.5 5.5h-3.1a5.4 5.4 0 0 0-4.6-3.9V18h-.3Z',
  tg: 'M21.5 4.5 2.8 11.7c-1 .4-1 1.6 0 1.9l4.6 1.5 1.8 5.6c.2.7 1.1.9 1.6.4l2.6-2.4 4.8 3.5c.6.4 1.4.1 1.6-.6l3.3-15.6c.2-.9-.7-1.7-1.6-1.3ZM9.6 14.6l-.4 4-1.4-4.6 9.9-6.3-8.1 6.9Z',
  ok: 'M12 12.3a4.2 4.2 0 1 0 0-8.4 4.2 4.2 0 0 0 0 8.4Zm0-5.9a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4Zm4.9 6.5a1.3 1.3 0 0 0-1.8-.3 5.6 5.6 0 0 1-6.2 0 1.3 1.3 0 1 0-1.5 2.1c.9.6 2 1 3 1.3l-2.8 2.8a1.3 1.3 0 0 0 1.8 1.8L12 17.9l2.6 2.7a1.3 1.3 0 0 0 1.8-1.8l-2.8-2.8c1-.3 2.1-.7 3-1.3.6-.4.7-1.2.3-1.8Z',
  yt: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3-5.2 3Z',
  yz: 'M12 2c.2 5.4 4.6 9.8 10 10-5.4.2-9.8 4.6-10 10-.2-5.4-4.6-9.8-10-10 5.4-.2 9.8-4.6 10-10Z',
  wa: 'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 2.9 2.9 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.6 11.6 0 0 0 4.4 3.9c1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z',
  pi: 'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.8 0 1.2.6 1.2 1.4 0 .8-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.2-1.9 3.2-4.7 0-2.4-1.8-4.2-4.3-4.2-2.9 0-4.7 2.2-4.7 4.5 0 .9.3 1.8.8 2.3.1.1.1.2.1.3l-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2Z',
}
/** Outlined glyphs (stroke), for networks whose marks are line drawings. */
const socialOutlined: Record<string, string> = {
  vb: 'M12 2.8c-5 0-8.2 2.3-8.2 7.4 0 2.9.9 4.8 2.7 6v3.6l2.9-2.3c.8.1 1.7.2 2.6.2 5 0 8.2-2.4 8.2-7.5S17 2.8 12 2.8ZM9.2 7.6c.4-.4 1-.4 1.3 0l.8 1c.3.4.2.9-.1 1.2l-.4.3c.4 1 1.2 1.8 2.2 2.3l.3-.4c.3-.4.9-.4 1.2-.1l1 .8c.4.3.4.9 0 1.3-.7.7-1.7.9-2.6.5a8 8 0 0 1-4.2-4.2c-.4-.9-.2-2 .5-2.7Z',
  dr: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM8.5 3.7c3.4 4.3 5.6 9.7 6.6 16.6M3.1 10.6c5 .3 10-.6 14.6-3.8M5.6 18.3c3.4-4.4 8.6-6.4 15.2-4.8',
  ig: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
}
const socialShort: Record<string, string> = {
  fb: 'f',
  tw: 'X',
  be: 'Bē',
  li: 'in',
  md: 'M',
}
export function SocialBadge({ type }: { type: string }) {
  const filled = socialFilled[type]
  const outlined = socialOutlined[type]
  return (
    <span
      aria-hidden="true"
      data-social-icon={type}
      className="flex size-8 items-center justify-center rounded-full bg-neutral-100 text-[11px] font-semibold text-neutral-700"
    >
      {filled ? (
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" focusable="false">
          <path d={filled} />
        </svg>
      ) : outlined ? (
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          <path d={outlined} />
        </svg>
      ) : (
        (socialShort[type] ?? type.toUpperCase())
      )}
    </span>
  )
}
