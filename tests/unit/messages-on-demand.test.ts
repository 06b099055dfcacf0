import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ru } from '../../app/lib/messages/ru'
import { ruFirstLoad } from '../../app/lib/messages/ru-first-load'
import { commerceRu } from '../../app/lib/messages/commerce.ru'
import { commerceCartRu } from '../../app/lib/messages/commerce-cart.ru'
import { accountRu } from '../../app/lib/messages/account.ru'

/**
 * The browser's first load carries only `ruFirstLoad`; the cart's, checkout's, orders' and
 * account's Russian texts arrive with the modules that show them (app/lib/i18n.ts). A module
 * that shows one of those texts without importing its dictionary would show the key instead
 * (and fail hydration): every such module must import it itself.
 */
const ON_DEMAND = { commerce: commerceRu, 'commerce-cart': commerceCartRu, account: accountRu } as const
/** Effect modules that import another one (commerce.ts imports commerce-cart.ts): importing them counts. */
const ALSO_VIA: Record<string, string[]> = { 'commerce-cart': ['commerce'] }

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
      const keys = Object.keys(texts)
      const users = sources('app').filter((file) => {
        const text = readFileSync(file, 'utf8')
        return keys.some((k) => text.includes(`'${k}'`))
      })
      expect(users.length).toBeGreaterThan(3)
      const modules = [name, ...(ALSO_VIA[name] ?? [])].join('|')
      const missing = users.filter(
        (file) => !new RegExp(`^import '(\\.\\./)+(lib/)?messages/(${modules})'$`, 'm').test(readFileSync(file, 'utf8')),
      )
      expect(missing).toEqual([])
    })
  }
})
