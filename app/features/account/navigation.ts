/** Only a path of this site may be a return address after sign-in. */
export function safeBack(raw: unknown, fallback = '/personal/'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback
  return raw
}

/**
 * After signing in or out, a full page load: the session cookie changed, so every cached
 * page entity, cart and user query would be stale; a fresh SSR render is the simplest
 * correct state.
 */
export function reloadTo(path: string) {
  window.location.assign(path)
}
