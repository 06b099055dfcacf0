import { LINK_ENTITIES } from '../../../server/contracts/links'
import { isLocale, type Locale } from '../../../server/contracts/locale'
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

/**
 * A place in a shared page that differs between shoppers: [start, end) of its visitor text
 * (`original`; empty where the badge goes in). Found once per stored page (server/page-cache.ts
 * keeps the page cut at them), filled per answer by `fillSlot`.
 */
export interface PersonalSlot {
  start: number
  end: number
  original: string
  kind: 'favorites' | 'cart' | 'favorites-badge' | 'cart-badge' | 'account' | 'heart' | 'heart-fill' | 'state'
  /** The product of a heart. */
  id: number
  locale: Locale
}

/** Every personal place of a shared page, in document order. */
export function findSlots(html: string): PersonalSlot[] {
  const lang = /<html[^>]* lang="([a-z]+)"/.exec(html)?.[1]
  const locale: Locale = isLocale(lang) ? lang : 'ru'
  const slots: PersonalSlot[] = []
  const slot = (start: number, end: number, kind: PersonalSlot['kind'], id = 0) =>
    slots.push({ start, end, original: html.slice(start, end), kind, id, locale })
  for (const part of ['favorites', 'cart', 'account'] as const) {
    const tag = tagAround(html, `data-personal="${part}"`)
    if (!tag) continue
    slot(tag[0], tag[1], part)
    if (part === 'account') continue
    const close = html.indexOf('</a>', tag[1])
    slot(close, close, part === 'cart' ? 'cart-badge' : 'favorites-badge')
  }
  for (let tag = tagAround(html, 'data-heart="'); tag; tag = tagAround(html, 'data-heart="', tag[1])) {
    const id = Number(/data-heart="(\d+)"/.exec(html.slice(tag[0], tag[1]))?.[1])
    const fill = html.indexOf('fill="none"', tag[1])
    if (fill < 0 || fill > html.indexOf('</button>', tag[1])) continue
    slot(tag[0], tag[1], 'heart', id)
    slot(fill, fill + 'fill="none"'.length, 'heart-fill', id)
  }
  const body = html.lastIndexOf('</body>')
  if (body >= 0) slot(body, body, 'state')
  return slots.sort((x, y) => x.start - y.start)
}

/** The slot's text for `view` (the original where the shopper's differs in nothing). */
export function fillSlot(slot: PersonalSlot, view: PersonalView, state?: () => PersonalState): string {
  const t = (key: string) => translate(slot.locale, key)
  const count = slot.kind.startsWith('cart') ? view.cart : view.favorites.length
  switch (slot.kind) {
    case 'favorites':
    case 'cart': {
      const label = t(`header.${slot.kind}`)
      return count > 0 ? setAttr(slot.original, 'aria-label', label, badgeLabel(label, count)) : slot.original
    }
    case 'favorites-badge':
    case 'cart-badge':
      return count > 0
        ? `<span aria-hidden="true" data-testid="badge" class="${BADGE_CLASS}">${badgeText(count)}</span>`
        : ''
    case 'account':
      return view.isAuthorized
        ? setAttr(
            slot.original.replace(`href="${LINK_ENTITIES.login}"`, `href="${LINK_ENTITIES['personal-info']}"`),
            'aria-label',
            t('header.login'),
            t('header.account'),
          )
        : slot.original
    case 'heart': {
      if (!view.favorites.includes(slot.id)) return slot.original
      const [off, on] = [t('favorites.add'), t('favorites.remove')]
      return setAttr(setAttr(slot.original.replace('aria-pressed="false"', 'aria-pressed="true"'), 'aria-label', off, on), 'title', off, on)
        .replace(/ class="([^"]*)"/, (_m, cls: string) => ` class="${heartClass(cls, true)}"`)
    }
    case 'heart-fill':
      return view.favorites.includes(slot.id) ? 'fill="currentColor"' : slot.original
    case 'state':
      return state ? stateBlock(state()) : ''
  }
}

/** The shared HTML (a visitor's: no badges, the login link, every heart off) made `view`'s. */
export function splicePersonal(html: string, view: PersonalView, state?: () => PersonalState): string {
  const out: string[] = []
  let done = 0
  for (const slot of findSlots(html)) {
    out.push(html.slice(done, slot.start), fillSlot(slot, view, state))
    done = slot.end
  }
  out.push(html.slice(done))
  return out.join('')
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

/** The payload as a data block (JSON, `<` escaped: it cannot end the element), before `</body>`. */
function stateBlock(state: PersonalState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${PERSONAL_STATE_ID}">${json}</script>`
}
