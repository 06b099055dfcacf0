import { handleApiRequest } from '../../server/rest/execute'
import { handleTrpcRequest } from '../../server/trpc/handler'
import { createCaller } from '../../server/trpc/root'
import { createContext } from '../../server/context'
import { withPeerAddress } from '../../server/net/peer'

export const ORIGIN = 'http://shop.test'

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

/** The socket peer of an in-process request when a test does not name one. */
export const DEFAULT_PEER = '127.0.0.1'

/**
 * A visitor talking to the REST adapter in-process: real Request objects through the
 * same handler the server mounts, with a cookie jar so the session carries over. `peer` is the
 * address the request comes from as the socket would give it (X-Forwarded-For is believed only
 * from TRUSTED_PROXIES, so a header does not change the caller's address).
 */
export class ApiClient {
  cookies = new Map<string, string>()

  constructor(private readonly defaults: { locale?: string; headers?: Record<string, string>; peer?: string } = {}) {}

  /** The socket peer this client's requests come from. */
  get peer(): string {
    return this.defaults.peer ?? DEFAULT_PEER
  }

  cookieHeader(): string {
    const all = [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`)
    if (this.defaults.locale) all.push(`locale=${this.defaults.locale}`)
    return all.join('; ')
  }

  private remember(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const [pair = ''] = c.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i)
      const value = pair.slice(i + 1)
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async raw(
    method: string,
    path: string,
    init: { body?: BodyInit | null; headers?: Record<string, string>; peer?: string } = {},
  ): Promise<ApiResponse> {
    const headers = new Headers({ ...this.defaults.headers, ...init.headers })
    const cookie = this.cookieHeader()
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie)
    const req = withPeerAddress(
      new Request(ORIGIN + path, { method, headers, body: init.body ?? null }),
      init.peer ?? this.peer,
    )
    const res = path.startsWith('/api/trpc') ? await handleTrpcRequest(req) : await handleApiRequest(req)
    this.remember(res.headers)
    const text = await res.text()
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      // not JSON (docs page)
    }
    return { status: res.status, body, headers: res.headers }
  }

  get(path: string, query?: Record<string, string | number>) {
    const qs = query ? '?' + new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : ''
    return this.raw('GET', path + qs)
  }

  /** JSON body. */
  send(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.raw(method, path, {
      body: body === undefined ? null : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    })
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.send('POST', path, body, headers)
  }
  patch(path: string, body?: unknown) {
    return this.send('PATCH', path, body)
  }
  delete(path: string, body?: unknown) {
    return this.send('DELETE', path, body)
  }

  /** Form-encoded body as the original client sends it (bracket notation). */
  form(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, pairs: [string, string][] | string) {
    const body = typeof pairs === 'string' ? pairs : new URLSearchParams(pairs).toString()
    return this.raw(method, path, { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  }

  /**
   * A tRPC caller with this client's cookies (routers through createCaller). Its calls share one
   * context (`ctx`, built once: the session is read when it is).
   */
  trpc() {
    const req = withPeerAddress(
      new Request(ORIGIN + '/api/trpc', { headers: { cookie: this.cookieHeader() } }),
      this.peer,
    )
    const ctx = createContext(req)
    const emitCookie = (c: string) => this.remember(new Headers({ 'set-cookie': c }))
    return { caller: createCaller(async () => ({ ...(await ctx), emitCookie })), ctx }
  }
}

export const visitor = (opts?: ConstructorParameters<typeof ApiClient>[0]) => new ApiClient(opts)
