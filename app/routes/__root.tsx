/// <reference types="vite/client" />
import type { QueryClient } from '../lib/query'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouterState } from '@tanstack/react-router'
import { isLocale } from '../../server/contracts/locale'
import { LocaleContext, loadLocale, type Locale } from '../lib/i18n'
import type { TRPC } from '../lib/trpc'
import { Shell } from '../components/layout/shell'
import { MissingRoutePage, RouteErrorPage } from '../components/layout/error-page'
import { installChunkReload } from '../lib/chunk-reload'
import { siteHead } from '../lib/head'
import '../styles.css'
import { pageSecurityHeaders } from '../lib/security-headers'

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient
  trpc: TRPC
}>()({
  loader: async ({ context }) => {
    const { queryClient, trpc } = context
    // The header's account link and badges are server-rendered too (issue 7 §9): the user,
    // cart and favorites are fetched with the shell, in-process on the server.
    const [shell] = await Promise.all([
      queryClient.ensureQueryData(trpc.site.shell.queryOptions()),
      queryClient.prefetchQuery({ ...trpc.user.info.queryOptions(), staleTime: 60_000 }),
      queryClient.prefetchQuery({ ...trpc.cart.get.queryOptions(), staleTime: 60_000 }),
      queryClient.prefetchQuery({ ...trpc.favorites.list.queryOptions(), staleTime: 60_000 }),
    ])
    // The locale's texts are there before the page renders in it (a locale switch re-runs this).
    await loadLocale(shell.locale)
    return { locale: shell.locale, title: shell.options.title, description: shell.description }
  },
  // Nonce-based CSP and the other security headers of every page (see app/lib/security-headers.ts).
  headers: ({ ssr }) => pageSecurityHeaders(ssr?.nonce),
  head: ({ loaderData }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#5a36e8' },
      ...siteHead(loaderData),
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  shellComponent: RootDocument,
  component: RootComponent,
  // The startup data itself failed: the error page without header and footer.
  errorComponent: RootError,
  notFoundComponent: MissingRoutePage,
})

/** The document: always rendered, also around the error page, so `<html lang>` and styles stay. */
function RootDocument({ children }: { children: ReactNode }) {
  const locale = useRouterState({
    select: (s) => {
      const l = (s.matches[0]?.loaderData as { locale?: unknown } | undefined)?.locale
      return isLocale(l) ? l : 'ru'
    },
  })
  useEffect(() => installChunkReload(), [])
  return (
    <html lang={locale}>
      <head>
        <HeadContent />
      </head>
      <body>
        <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
        <Scripts />
      </body>
    </html>
  )
}

function RootComponent() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/** Without the shell (whose `<main>` holds every page), the error page brings its own landmark. */
function RootError({ error }: { error: unknown }) {
  return (
    <main id="content">
      <RouteErrorPage error={error} />
    </main>
  )
}

export type RootChildren = ReactNode
export type { Locale }
