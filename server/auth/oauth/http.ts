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

/** The authorization-code + PKCE (S256) authorize URL both providers build; `extra` adds theirs (VK: scope). */
export function pkceAuthorizeUrl(
  endpoint: string,
  clientId: string,
  p: { redirectUri: string; state: string; codeChallenge: string },
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: p.redirectUri,
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  })
  return `${endpoint}?${q}`
}

/** A form-encoded POST answered with JSON (the token exchange; VK's user_info). */
export const postForm = (url: string, fields: Record<string, string>) =>
  fetchJson(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
