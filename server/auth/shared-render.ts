import { AsyncLocalStorage } from 'node:async_hooks'

/** The one part of a session a shared page render may see: its city (ADR 021). */
export interface SharedCity {
  cityId: number | null
  cityConfirmed: boolean
}

const sharedRender = new AsyncLocalStorage<SharedCity>()

/**
 * Runs a page render shared by every shopper of one city (server/page-cache.ts): inside it,
 * server/context.ts gives each request context a session holding only that city — no user,
 * cart or favorites — whatever session cookie the request carries.
 */
export function runSharedRender<T>(city: SharedCity, render: () => Promise<T>): Promise<T> {
  return sharedRender.run(city, render)
}

/** Inside a shared render: its city. Undefined otherwise. */
export function sharedRenderCity(): SharedCity | undefined {
  return sharedRender.getStore()
}
