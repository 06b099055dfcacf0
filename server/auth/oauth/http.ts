/** Small JSON-over-HTTP helper for providers, with a timeout so a slow provider cannot hang a request. */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`OAuth provider answered ${res.status} with non-JSON`)
  }
  if (!res.ok || typeof body !== 'object' || body === null) throw new Error(`OAuth provider answered ${res.status}`)
  return body as Record<string, unknown>
}

export const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')
