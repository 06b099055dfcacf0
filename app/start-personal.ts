import { type Personal, type SharedCity } from '../server/page-cache'
import { dataVersion, VersionedCache } from '../server/cache'
import { getDb } from '../server/db'
import { createContext } from '../server/context'
import { appRouter } from '../server/trpc/root'
import { fillSlot, findSlots, type PersonalSlot, type PersonalView } from './components/layout/personal-parts'

// The shopper's parts of a shared page (ADR 021), for app/start.ts's middleware. A module of its
// own so that the browser build of start.ts, which keeps only what runs outside `.server()`,
// imports none of it.

interface PersonalParts {
  view: PersonalView
  user: unknown
  cart: unknown
  favorites: unknown
  city: SharedCity
  storedAt: number
  weight: number
}

/**
 * A session's parts, per data version like everything derived from the database (ADR 013): any
 * write (their cart, a price, a sign-out) computes them anew. Keyed by the whole cookie header and
 * Accept-Language, so only the same session in the same language gets them. At most a minute
 * old, so a session that is due for its hourly touch (server/auth/session.ts) is read again soon.
 */
const PARTS_MAX_AGE_MS = 60_000
const partsCache = new VersionedCache<PersonalParts>(5_000, 32 * 1024 * 1024, (p) => p.weight)

/** The session's user, cart and favorites through the procedures the root route loads, and its city. */
async function computeParts(request: Request, cookies: string[]): Promise<PersonalParts> {
  const ctx = await createContext(request)
  const caller = appRouter.createCaller(ctx)
  const [user, cart, favorites] = await Promise.all([caller.user.info(), caller.cart.get(), caller.favorites.list()])
  const session = ctx.session.get()
  const cookie = ctx.session.setCookie
  if (cookie) cookies.push(cookie)
  return {
    view: { cart: cart.amount.quantity, favorites: favorites.items.map((i) => i.id), isAuthorized: user.isAuthorized },
    user,
    cart,
    favorites,
    city: { cityId: session?.cityId ?? null, cityConfirmed: session?.cityConfirmed ?? false },
    storedAt: Date.now(),
    weight: JSON.stringify([user, cart, favorites]).length,
  }
}

/**
 * What makes a shared page a shopper's (ADR 021): their parts (so the browser starts from the
 * same answers the root route would load) and the city their shared render is keyed by. Null when
 * any of it fails: the page is rendered for them.
 */
export async function personalOf(request: Request): Promise<Personal | null> {
  try {
    const db = getDb()
    const version = dataVersion(db)
    const key = `${request.headers.get('cookie') ?? ''}\n${request.headers.get('accept-language') ?? ''}`
    const cookies: string[] = []
    const hit = partsCache.get(version, key)
    let parts = hit && Date.now() - hit.storedAt < PARTS_MAX_AGE_MS ? hit : undefined
    if (!parts) {
      parts = await computeParts(request, cookies)
      if (!cookies.length && dataVersion(db) === version) partsCache.set(version, key, parts)
    }
    const { view, user, cart, favorites } = parts
    return {
      city: parts.city,
      cookies,
      slots: findSlots,
      // The state's time is taken when the answer is made: after the shared render it goes into.
      fill: (slot) => fillSlot(slot as PersonalSlot, view, () => ({ at: Date.now(), user, cart, favorites })),
    }
  } catch {
    return null
  }
}
