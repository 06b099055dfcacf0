/**
 * A route chunk that fails to load (usually a deploy replaced the files) reloads the page,
 * at most once per 60 s (spec §4, §9): the timestamp of the last reload is kept in sessionStorage.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000
const KEY = 'chunk-reload-at'

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : ''
  return CHUNK_ERROR.test(message)
}

/** Pure guard, unit-tested: may we reload now, given the last reload time? */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS
}

/** Reloads if allowed; returns whether a reload was started. */
export function reloadForChunkError(): boolean {
  if (typeof window === 'undefined') return false
  let last: number | null
  try {
    const raw = sessionStorage.getItem(KEY)
    last = raw === null ? null : Number(raw)
  } catch {
    return false
  }
  const now = Date.now()
  if (!mayReload(last, now)) return false
  try {
    sessionStorage.setItem(KEY, String(now))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

let selfHealing = 0

/**
 * Runs `load` (a dynamic import) with the reload off: for code that handles its own failure and
 * retries (form validation, the phone mask: ADR 028), where a reload would lose what was typed.
 */
export async function importWithoutReload<T>(load: () => Promise<T>): Promise<T> {
  selfHealing += 1
  try {
    return await load()
  } finally {
    selfHealing -= 1
  }
}

/** Vite emits `vite:preloadError` when a dynamic import's chunk or CSS cannot be fetched. */
export function installChunkReload() {
  if (typeof window === 'undefined') return
  window.addEventListener('vite:preloadError', (event) => {
    if (selfHealing === 0 && reloadForChunkError()) event.preventDefault()
  })
}
