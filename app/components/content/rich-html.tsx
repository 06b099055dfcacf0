import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'

/**
 * HTML written by the shop (posts, content pages, FAQ answers), already sanitized on the server
 * (server/services/content.ts: sanitize-html allow-list). Typography comes from descendant
 * selectors so the stored markup stays plain.
 */
export const richHtmlClass = [
  'text-base leading-relaxed text-neutral-800',
  '[&_p]:my-4 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink tablet:[&_h2]:text-2xl',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-600',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_strong]:font-semibold [&_strong]:text-ink',
  '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm tablet:[&_table]:text-base',
  '[&_th]:border-b [&_th]:border-neutral-200 [&_th]:py-2.5 [&_th]:pr-4 [&_th]:text-left [&_th]:align-top [&_th]:font-medium [&_th]:text-neutral-600',
  '[&_td]:border-b [&_td]:border-neutral-200 [&_td]:py-2.5 [&_td]:align-top [&_td]:break-words',
  // Below 480 px a table of row headers (requisites) stacks each label over its value, so a long
  // account number stays on one line; a table with column headers scrolls inside itself.
  'max-phone-l:[&_table:not(:has(thead))]:block max-phone-l:[&_table:not(:has(thead))_:is(tbody,tr,th,td)]:block',
  'max-phone-l:[&_table:not(:has(thead))_th]:border-b-0 max-phone-l:[&_table:not(:has(thead))_th]:pb-0',
  'max-phone-l:[&_table:has(thead)]:block max-phone-l:[&_table:has(thead)]:overflow-x-auto',
].join(' ')

/** Links inside the HTML to pages of this site navigate in the app, like every other link. */
export function RichHtml({ html, className = '', id }: { html: string; className?: string; id?: string }) {
  const router = useRouter()
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as HTMLElement).closest('a')
    if (!a || a.target || a.hasAttribute('download')) return
    const url = new URL(a.href, window.location.href)
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return
    e.preventDefault()
    void router.navigate({ href: url.pathname + url.search + url.hash })
  }
  // The click handler only delegates link clicks; the links themselves stay focusable and keyboard-operable.
  return (
    <div
      id={id}
      onClick={onClick}
      className={`${richHtmlClass} ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/** A JSON-LD block; `<` is escaped so no string in the data can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  )
}
