/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { ReactNode } from 'react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { AppRouter } from '../../server/trpc/root'
import { LocaleContext } from '../lib/i18n'
import { Shell } from '../components/layout/shell'
import appCss from '../styles.css?url'
import { pageSecurityHeaders } from '../lib/security-headers'

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient
  trpc: TRPCOptionsProxy<AppRouter>
}>()({
  loader: async ({ context }) => {
    const shell = await context.queryClient.ensureQueryData(context.trpc.site.shell.queryOptions())
    return { locale: shell.locale, title: shell.options.title }
  },
  headers: ({ ssr }) => pageSecurityHeaders(ssr?.nonce),
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#5a36e8' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  component: RootComponent,
})

function RootComponent() {
  const { locale } = Route.useLoaderData()
  return (
    <html lang={locale}>
      <head>
        <HeadContent />
      </head>
      <body>
        <LocaleContext.Provider value={locale}>
          <Shell>
            <Outlet />
          </Shell>
        </LocaleContext.Provider>
        <Scripts />
      </body>
    </html>
  )
}

export type RootChildren = ReactNode
