import { isIP } from 'node:net'
import { log } from '../logger'
import { normalizeAddress } from './trusted-proxies'

/**
 * The socket peer of a request. The production server (nitro's node preset on srvx) hands our
 * handlers srvx's own Request object, which keeps the Node request at `runtime.node.req`; the
 * same object reaches `app/routes/api/*` and page rendering (`getRequest()`). A Request built
 * in-process (tests, `new Request(...)`) has no socket: tests say their peer with
 * `withPeerAddress()`, read through a symbol no HTTP client can set.
 */
const PEER = Symbol.for('shop.peerAddress')

interface WithRuntime {
  [PEER]?: string
  runtime?: { node?: { req?: { socket?: { remoteAddress?: string } } } }
  ip?: unknown
}

let warned = false

export function peerAddress(request: Request): string | undefined {
  const r = request as Request & WithRuntime
  const peer = r[PEER] ?? r.runtime?.node?.req?.socket?.remoteAddress ?? (typeof r.ip === 'string' ? r.ip : undefined)
  if (!peer && !warned) {
    warned = true
    log.warn('A request without a socket peer: every such client shares one address for the limits')
  }
  return peer
}

/** Tests only: the socket peer an in-process Request stands for (not enumerable, not a header). */
export function withPeerAddress(request: Request, address: string): Request {
  Object.defineProperty(request, PEER, { value: address, enumerable: false })
  return request
}

/**
 * What per-address limits count against: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber's LAN or phone gets a whole /64 and can pick any address in it, so
 * counting single IPv6 addresses would let one client rotate past every limit).
 */
export function limitKey(address: string): string {
  return networkKey(address, 32, 64)
}

/**
 * The network an address belongs to, for limits that count wider than one client: IPv4 by its
 * first `v4Bits` bits (`203.0.113.0/24`; 32 = the address itself), IPv6 by its first `v6Bits`
 * (`2001:db8:1::/48`, `2001:db8:1:2::/64`). A range itself (`limitKey`'s `2001:db8:1:2::/64`) is
 * read by its address part. Anything that is not an IP address is its own key.
 */
export function networkKey(address: string, v4Bits: number, v6Bits: number): string {
  const a = normalizeAddress(address.replace(/\/\d+$/, ''))
  const version = isIP(a)
  if (version === 4) {
    if (v4Bits >= 32) return a
    const n = a.split('.').reduce((acc, o) => acc * 256 + Number(o), 0)
    const masked = v4Bits <= 0 ? 0 : n - (n % 2 ** (32 - v4Bits))
    return [24, 16, 8, 0].map((s) => Math.floor(masked / 2 ** s) % 256).join('.') + `/${v4Bits}`
  }
  if (version !== 6) return a
  const bits = Math.max(0, Math.min(128, v6Bits))
  const groups = ipv6Groups(a)
    .slice(0, Math.ceil(bits / 16))
    .map((g, i) => {
      const keep = Math.min(16, bits - i * 16)
      return ((parseInt(g, 16) >> (16 - keep)) << (16 - keep)).toString(16)
    })
  return groups.join(':') + `::/${bits}`
}

/** `2001:db8::1` → ['2001','db8','0','0','0','0','0','1'] (no leading zeros); an embedded IPv4 tail counts as two groups. */
export function ipv6Groups(a: string): string[] {
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a)
  let s = a
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number]
    s = a.slice(0, v4.index) + ((b1 << 8) | b2).toString(16) + ':' + ((b3 << 8) | b4).toString(16)
  }
  const [head = '', tail] = s.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16))
}
