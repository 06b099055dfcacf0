import { describe, expect, it } from 'vitest'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Locale } from '../../server/contracts/i18n'
import type { ProductCard } from '../../server/contracts/catalog'
import type { AppRouter } from '../../server/trpc/root'
import { HeaderMainRow } from '../../app/components/layout/header-main-row'
import { FavoriteButton } from '../../app/components/product/favorite-button'
import { splicePersonal, type PersonalView } from '../../app/components/layout/personal-parts'
import { LocaleContext, loadLocale } from '../../app/lib/i18n'
import { QueryClient, QueryClientContext } from '../../app/lib/query'
import { TRPCContext } from '../../app/lib/trpc'
import { createOptionsProxy } from '../../app/lib/trpc-proxy'

/**
 * ADR 021: a shopper's page is the visitors' render with personal-parts.ts writing their parts
 * in. That must be exactly what React renders with their data, or hydration would not match:
 * the header row and the hearts are rendered both ways here and compared.
 */
const trpc = createOptionsProxy<AppRouter>(() => Promise.reject(new Error('no client in this test')))
const card = (id: number) => ({ id, name: `P${id}` }) as unknown as ProductCard

async function render(view: PersonalView, locale: Locale, className = ''): Promise<string> {
  const queryClient = new QueryClient()
  queryClient.setQueryData(trpc.favorites.list.queryKey(), { items: view.favorites.map(card) })
  const page = () =>
    h(
      'html',
      { lang: locale },
      h(
        'body',
        null,
        h(
          LocaleContext.Provider,
          { value: locale },
          h(HeaderMainRow, {
            state: 'closed',
            toggle: () => undefined,
            menuId: 'm',
            searchId: 's',
            menuButtonRef: { current: null },
            searchButtonRef: { current: null },
            title: 'Shop & "Co" <hair>',
            catalogSections: [],
            firstPhone: '+7 900 000-00-00',
            counts: { cart: view.cart, favorites: view.favorites.length, isAuthorized: view.isAuthorized },
          }),
          [3, 5, 8, 13].map((id) => h(FavoriteButton, { key: id, card: card(id), className })),
        ),
      ),
    )
  const router = createRouter({
    routeTree: createRootRoute({ component: page }),
    history: createMemoryHistory({ initialEntries: ['/catalog/shampoo/'] }),
    trailingSlash: 'always',
  })
  await router.load()
  return renderToString(
    h(QueryClientContext, { value: queryClient }, h(TRPCContext.Provider, { value: trpc }, h(RouterProvider, { router }))),
  )
}

const visitor: PersonalView = { cart: 0, favorites: [], isAuthorized: false }

describe('personal parts written into a shared page (ADR 021)', () => {
  const shoppers: PersonalView[] = [
    { cart: 3, favorites: [5, 13], isAuthorized: true },
    { cart: 1, favorites: [], isAuthorized: false },
    { cart: 0, favorites: [3], isAuthorized: true },
    { cart: 120, favorites: [3, 5, 8, 13], isAuthorized: false },
  ]
  for (const locale of ['ru', 'en'] as const) {
    for (const view of shoppers) {
      it(`equal what React renders for ${locale} ${JSON.stringify(view)}`, async () => {
        await loadLocale(locale)
        const shared = await render(visitor, locale)
        expect(shared).not.toContain('data-testid="badge"')
        expect(splicePersonal(shared, view)).toBe(await render(view, locale))
      })
    }
  }

  it('leave a visitor page as it is, and keep a caller class on the hearts', async () => {
    const shared = await render(visitor, 'ru', 'absolute top-2')
    expect(splicePersonal(shared, visitor)).toBe(shared)
    const view = { cart: 2, favorites: [8], isAuthorized: true }
    expect(splicePersonal(shared, view)).toBe(await render(view, 'ru', 'absolute top-2'))
  })

  it('put the answers in a data block that cannot end its element', () => {
    const html = splicePersonal('<html><body><p>x</p></body></html>', visitor, () => ({
      at: 1,
      user: { name: '</script><script>alert(1)</script>' },
      cart: null,
      favorites: null,
    }))
    expect(html).toContain('<script type="application/json" id="personal-state">{"at":1,"user":{"name":"\\u003c/script>')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html.endsWith('</script></body></html>')).toBe(true)
  })
})
