import { createFileRoute, redirect } from '@tanstack/react-router'
import { Suspense } from 'react'
import { entityPages } from '../features/pages/entity-registry'
import { setPageStatus } from '../lib/server-status'
import { pageHead } from '../lib/head'

/** Entities are cached per path and query for the session (spec §4). */
const ENTITY_STALE_MS = Infinity

/**
 * The one catch-all page route of the spec: the path and query go to the entity resolver
 * (in-process on the server, tRPC in the browser) and the component for its type renders.
 */
export const Route = createFileRoute('/$')({
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, params, location }) => {
    const path = '/' + (params._splat ?? '')
    const query = location.searchStr.replace(/^\?/, '')
    const entity = await context.queryClient.ensureQueryData({
      ...context.trpc.page.entity.queryOptions({ path, query }),
      staleTime: ENTITY_STALE_MS,
    })
    if (entity.type === 'redirect' && entity.url) {
      throw redirect({ href: entity.url, statusCode: entity.status ?? 302 } as never)
    }
    if (entity.type === 'not-found') setPageStatus(404)
    if (entity.type !== 'redirect') await entityPages[entity.type].load()
    return entity
  },
  head: ({ loaderData, match }) => pageHead(loaderData, match.pathname),
  component: EntityRoute,
})

function EntityRoute() {
  const entity = Route.useLoaderData()
  if (entity.type === 'redirect') return null
  const Page = entityPages[entity.type].Component
  return (
    <Suspense fallback={null}>
      <Page entity={entity as never} />
    </Suspense>
  )
}
