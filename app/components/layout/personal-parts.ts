import { LINK_ENTITIES } from '../../../server/contracts/links'
import { isLocale, type Locale } from '../../../server/contracts/i18n'
import { translate } from '../../lib/i18n'

/**
 * The personal parts of a shared page (ADR 021): the header's favorites and cart badges, its
 * account link and the hearts on cards. A page is rendered once for the visitors of a city; a
 * shopper with a session gets that HTML with these parts made theirs here, and the browser gets
 * the same values (PersonalState, put into the query cache before hydration by
 * app/lib/personal-state.ts), so React hydrates exactly this markup.
 *
 * The components mark the parts (`data-personal`, `data-heart`) and take their classes and texts
 * from here, so the two stay one: tests/unit/personal-parts.test.tsx renders both ways and compares.
 */

export const BADGE_CLASS =
  'absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-semibold text-white'

export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))
export const badgeLabel = (label: string, count: number) => (count > 0 ? `${label}: ${count}` : label)

/** The heart's classes: the caller's, then the "on" colour. */
export const HEART_ON_CLASS = 'text-brand-600'
export const heartClass = (base: string, on: boolean) => (on ? `${base} ${HEART_ON_CLASS}` : base)

/** What the header and the hearts show for one shopper. */
export interface PersonalView {
  cart: number
  favorites: number[]
  isAuthorized: boolean
}

/** As React writes text into an attribute. */
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** [start, end) of the opening tag that holds `marker`, searching from `from`; null when absent. */
function tagAround(html: string, marker: string, from = 0): [number, number] | null {
  const at = html.indexOf(marker, from)
  if (at < 0) return null
  return [html.lastIndexOf('<', at), html.indexOf('>', at) + 1]
}

function setAttr(tag: string, name: string, from: string, to: string): string {
  return tag.replace(`${name}="${escapeAttr(from)}"`, `${name}="${escapeAttr(to)}"`)
}

/** The favorites or cart link: its label counts, and the badge goes in before `</a>`. */
function badgeLink(html: string, part: 'favorites' | 'cart', count: number, label: string): string {
  const tag = tagAround(html, `data-personal="${part}"`)
  if (!tag || count <= 0) return html
  const [start, end] = tag
  const close = html.indexOf('</a>', end)
  const badge = `<span aria-hidden="true" data-testid="badge" class="${BADGE_CLASS}">${badgeText(count)}</span>`
  return (
    html.slice(0, start) +
    setAttr(html.slice(start, end), 'aria-label', label, badgeLabel(label, count)) +
    html.slice(end, close) +
    badge +
    html.slice(close)
  )
}

function accountLink(html: string, locale: Locale): string {
  const tag = tagAround(html, 'data-personal="account"')
  if (!tag) return html
  const [start, end] = tag
  const signedIn = setAttr(
    html.slice(start, end).replace(`href="${LINK_ENTITIES.login}"`, `href="${LINK_ENTITIES['personal-info']}"`),
    'aria-label',
    translate(locale, 'header.login'),
    translate(locale, 'header.account'),
  )
  return html.slice(0, start) + signedIn + html.slice(end)
}

function hearts(html: string, ids: Set<number>, locale: Locale): string {
  if (ids.size === 0) return html
  const off = translate(locale, 'favorites.add')
  const on = translate(locale, 'favorites.remove')
  const out: string[] = []
  let done = 0
  for (let tag = tagAround(html, 'data-heart="'); tag; tag = tagAround(html, 'data-heart="', tag[1])) {
    const [start, end] = tag
    const id = Number(/data-heart="(\d+)"/.exec(html.slice(start, end))?.[1])
    if (!ids.has(id)) continue
    let button = html.slice(start, end)
    button = button.replace('aria-pressed="false"', 'aria-pressed="true"')
    button = setAttr(setAttr(button, 'aria-label', off, on), 'title', off, on)
    button = button.replace(/ class="([^"]*)"/, (_m, cls: string) => ` class="${heartClass(cls, true)}"`)
    const fill = html.indexOf('fill="none"', end)
    if (fill < 0 || fill > html.indexOf('</button>', end)) continue
    out.push(html.slice(done, start), button, html.slice(end, fill), 'fill="currentColor"')
    done = fill + 'fill="none"'.length
  }
  out.push(html.slice(done))
  return out.join('')
}

/** The shared HTML (a visitor's: no badges, the login link, every heart off) made `view`'s. */
export function splicePersonal(html: string, view: PersonalView): string {
  const lang = /<html[^>]* lang="([a-z]+)"/.exec(html)?.[1]
  const locale: Locale = isLocale(lang) ? lang : 'ru'
  let out = badgeLink(html, 'favorites', view.favorites.length, translate(locale, 'header.favorites'))
  out = badgeLink(out, 'cart', view.cart, translate(locale, 'header.cart'))
  if (view.isAuthorized) out = accountLink(out, locale)
  return hearts(out, new Set(view.favorites), locale)
}

/** The payload beside the markup: the answers the browser's query cache starts from. */
export interface PersonalState {
  /** Server time of the answer: newer than the shared render, so its dehydrated copies lose. */
  at: number
  user: unknown
  cart: unknown
  favorites: unknown
}

export const PERSONAL_STATE_ID = 'personal-state'

/** The payload as a data block before `</body>` (JSON, `<` escaped: it cannot end the element). */
export function withPersonalState(html: string, state: PersonalState): string {
  const at = html.lastIndexOf('</body>')
  if (at < 0) return html
  const json = JSON.stringify(state).replace(/</g, '\\u003c')
  return `${html.slice(0, at)}<script type="application/json" id="${PERSONAL_STATE_ID}">${json}</script>${html.slice(at)}`
}
