import { createFileRoute, redirect, type RegisteredRouter } from '@tanstack/react-router'
import { Suspense } from 'react'
import { pageEntry } from '../features/pages/entity-registry'
import { setPageStatus } from '../lib/server-status'
import { pageHead } from '../lib/head'
import { pageQuery, pageSearch } from '../../server/contracts/page-query'

/** Entities are cached per path and query for the session (spec §4). */
const ENTITY_STALE_MS = Infinity

/**
 * The one catch-all page route of the spec: the path and query go to the entity resolver
 * (in-process on the server, tRPC in the browser) and the component for its type renders.
 */
export const Route = createFileRoute('/$')({
  // Only the parameters pages read (ADR 038): an ad's `utm_*`/`yclid` or a random one neither
  // changes the data nor the page, so every visitor gets the same (cached) render to hydrate.
  loaderDeps: ({ search }) => ({ search: pageSearch(search) }),
  loader: async ({ context, params, location }) => {
    const path = '/' + (params._splat ?? '')
    // The server keys what it renders and shares by the page's own parameters; the browser asks
    // with the address as it is (the resolver reads only its own), so pageQuery stays out of the
    // entry chunk (first-load budget, ADR 011).
    const query = import.meta.env.SSR ? pageQuery(location.searchStr) : location.searchStr.replace(/^\?/, '')
    const entity = await context.queryClient.ensureQueryData({
      ...context.trpc.page.entity.queryOptions({ path, query }),
      staleTime: ENTITY_STALE_MS,
    })
    if (entity.type === 'redirect') {
      // A stored path (or /login/?back=…) as an href: `TTo` is any string, not one of the route tree's paths.
      throw redirect<RegisteredRouter, string>({ href: entity.url, statusCode: entity.status })
    }
    if (entity.type === 'not-found') setPageStatus(404)
    const entry = pageEntry(entity.type)
    // One way for every page: the entity, then the live queries its entry names (cart, orders,
    // profile…), here on the server and in the browser alike; the SSR state carries them to
    // hydration, so the first render in the browser asks for nothing again (ADR 022).
    await Promise.all([
      entry.load(),
      ...entry.queries(entity, context.trpc).map((prefetch) => prefetch(context.queryClient)),
    ])
    return entity
  },
  head: ({ loaderData, match }) => pageHead(loaderData, match.pathname),
  component: EntityRoute,
})

function EntityRoute() {
  const entity = Route.useLoaderData()
  const Page = pageEntry(entity.type).Component
  return (
    <Suspense fallback={null}>
      <Page entity={entity} />
    </Suspense>
  )
}
