import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ru } from '../../app/lib/messages/ru'
import { en } from '../../app/lib/messages/en'
import { messagesMatching } from '../../server/contracts/i18n'
import { ruFirstLoad } from '../../app/lib/messages/ru-first-load'
import { commerceRu } from '../../app/lib/messages/commerce.ru'
import { commerceCartRu } from '../../app/lib/messages/commerce-cart.ru'
import { accountRu } from '../../app/lib/messages/account.ru'
import { accountLoginRu } from '../../app/lib/messages/account-login.ru'
import { catalogRu } from '../../app/lib/messages/catalog.ru'
import { contentRu } from '../../app/lib/messages/content.ru'
import { catalogMoreRu } from '../../app/lib/messages/catalog-more.ru'
import { productRu } from '../../app/lib/messages/product.ru'
import { productMoreRu } from '../../app/lib/messages/product-more.ru'
import { searchRu } from '../../app/lib/messages/search.ru'
import { cardsRu } from '../../app/lib/messages/cards.ru'
import { shellMoreRu } from '../../app/lib/messages/shell-more.ru'
import { formRu } from '../../app/lib/messages/form.ru'
import { bookingRu } from '../../app/lib/messages/booking.ru'

/**
 * The browser's first load carries only `ruFirstLoad` (the shell's); the catalog's, content
 * pages', cart's, checkout's, orders' and account's Russian texts arrive with the modules that show them (app/lib/i18n.ts). A module
 * that shows one of those texts without importing its dictionary would show the key instead
 * (and fail hydration): every such module must import it itself.
 */
const ON_DEMAND = {
  commerce: commerceRu,
  'commerce-cart': commerceCartRu,
  account: accountRu,
  'account-login': accountLoginRu,
  catalog: { ...catalogRu, ...catalogMoreRu },
  product: productRu,
  'product-more': productMoreRu,
  search: searchRu,
  content: contentRu,
  cards: cardsRu,
  'shell-more': shellMoreRu,
  form: formRu,
  booking: bookingRu,
} as const
/**
 * How many modules show each dictionary's texts at least (more than 3 unless named): a check that
 * the search finds them. The product modals' texts have two users (stock alert, options modal), the forms' two (FormBlock,
 * the phone field).
 */
const MIN_USERS: Record<string, number> = { 'product-more': 2, form: 2 }
/** Effect modules that import another one (commerce.ts imports commerce-cart.ts): importing them counts. */
const ALSO_VIA: Record<string, string[]> = { 'commerce-cart': ['commerce'], 'account-login': ['account'] }

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return path.includes(join('app', 'lib', 'messages')) ? [] : sources(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : []
  })
}

describe('Russian texts loaded on demand', () => {
  it('the first-load and on-demand dictionaries split the server dictionary without overlap', () => {
    const parts = [ruFirstLoad, ...Object.values(ON_DEMAND)].map((d) => Object.keys(d))
    const all = parts.flat()
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(all)).toEqual(new Set(Object.keys(ru)))
  })

  it('the modules that count as importing another one do import it', () => {
    for (const [name, via] of Object.entries(ALSO_VIA))
      for (const module of via)
        expect(readFileSync(`app/lib/messages/${module}.ts`, 'utf8')).toMatch(new RegExp(`^import '\\./${name}'$`, 'm'))
  })

  for (const [name, texts] of Object.entries(ON_DEMAND)) {
    it(`every module showing a ${name} text imports app/lib/messages/${name}`, () => {
      const { users, missing } = importers(name, Object.keys(texts))
      expect(users.length).toBeGreaterThanOrEqual(MIN_USERS[name] ?? 4)
      expect(missing).toEqual([])
    })
  }

  it('every module showing an API or validation message through t() imports app/lib/messages/api', () => {
    // server/contracts/i18n.ts's own messages that no UI dictionary has: `translate` falls back to them.
    const keys = messagesMatching('en', /./)
      .map(([key]) => key)
      .filter((key) => !(key in ru) && !(key in en))
    const { users, missing } = importers('api', keys)
    expect(users.length).toBeGreaterThan(0)
    expect(missing).toEqual([])
  })
})

/** The app modules that mention one of `keys`, and those of them without `import '…/messages/<name>'`. */
function importers(name: string, keys: string[]) {
  const users = sources('app').filter((file) => {
    const text = readFileSync(file, 'utf8')
    return keys.some((k) => text.includes(`'${k}'`))
  })
  const modules = [name, ...(ALSO_VIA[name] ?? [])].join('|')
  const missing = users.filter(
    (file) => !new RegExp(`^import '(\\.\\./)+(lib/)?messages/(${modules})'$`, 'm').test(readFileSync(file, 'utf8')),
  )
  return { users, missing }
}
