import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Await, RouterProvider } from '@tanstack/react-router'
import { hydrate } from '@tanstack/react-router/ssr/client'
import { getRouter } from './router'
import { startInstance } from './start'

/**
 * The browser's entry: Start's default one (`StartClient`) without its server-function support
 * (ADR 030). The shop has no server functions (the browser talks to tRPC and /api/), yet Start's
 * `hydrateStart` registers a serialisation adapter for them, which pulls seroval's serialiser and
 * deserialiser and the server-function fetcher into every first load (~9 KB gzip).
 * What stays is `hydrateStart` of @tanstack/start-client-core 1.170 (and its React wrapper) step for step:
 * tests/unit/client-entry.test.ts fails when an upgrade changes it, so this copy is looked at again.
 */
async function hydrateShop() {
  const router = getRouter()
  const startOptions = await startInstance.getOptions()
  // Start's global for its server-function client: set as Start sets it, though nothing here reads it.
  Object.assign(window, { __TSS_START_OPTIONS__: startOptions })
  router.options.defaultSsr = startOptions.defaultSsr
  // No adapter at all: then no serialised script waits for one (`$_TSR.p` buffers only scripts
  // that used an adapter, and nothing the shop dehydrates does).
  router.options.serializationAdapters = [...(startOptions.serializationAdapters ?? [])]
  router.update({ ...router.options, basepath: process.env.TSS_ROUTER_BASEPATH })
  if (!router.stores.ids.get().length) await hydrate(router)
  return router
}

// Start's React wrapper tells its inline bootstrap script that hydration is over.
const hydration = hydrateShop().finally(() => window.$_TSR?.h())

function ShopClient() {
  return <Await promise={hydration}>{(router) => <RouterProvider router={router} />}</Await>
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ShopClient />
    </StrictMode>,
  )
})
