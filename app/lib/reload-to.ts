/**
 * After signing in or out, a full page load: the session cookie changed, so every cached
 * page entity, cart and user query would be stale; a fresh SSR render is the simplest
 * correct state.
 */
export function reloadTo(path: string) {
  window.location.assign(path)
}
