import { BlockList, isIP } from 'node:net'

/**
 * Client addresses (ASVS V13 / OWASP: never trust X-Forwarded-For blindly). The client is the
 * socket's peer; only when that peer is a trusted proxy is X-Forwarded-For read, right to left,
 * skipping further trusted hops, and the first untrusted address is the client.
 */
export interface TrustedProxies {
  /** The list as configured (for messages and docs). */
  readonly source: string
  has(address: string): boolean
}

/**
 * One spelling per address: brackets and an IPv6 zone (`%eth0`) dropped, an IPv4-mapped IPv6
 * address (`::ffff:10.0.0.1`) is its IPv4 address, IPv6 in lower case.
 */
export function normalizeAddress(address: string): string {
  const a = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)
  return mapped?.[1] ?? (a.includes(':') ? a.toLowerCase() : a)
}

/**
 * An X-Forwarded-For entry as some proxies write it, with a port: `1.2.3.4:5678`,
 * `[2001:db8::1]:443`. A bare IPv6 address keeps all its colons.
 */
export function forwardedAddress(entry: string): string {
  const e = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(e)
  if (bracketed) return normalizeAddress(bracketed[1] ?? '')
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(e)
  return normalizeAddress(v4port?.[1] ?? e)
}

/** `10.0.0.1, 192.168.0.0/16, ::1, fd00::/8` → a matcher; throws naming the bad entry. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList()
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [addr = '', bits, extra] = entry.split('/')
    const address = normalizeAddress(addr)
    const family = isIP(address)
    if (!family || extra !== undefined) throw new Error(`"${entry}" is not an address or a CIDR range`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) {
      list.addAddress(address, type)
      continue
    }
    const prefix = Number(bits)
    if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has a bad prefix length`)
    list.addSubnet(address, prefix, type)
  }
  return {
    source: entries.join(','),
    has(candidate) {
      const a = normalizeAddress(candidate)
      const family = isIP(a)
      if (!family || entries.length === 0) return false
      return list.check(a, family === 4 ? 'ipv4' : 'ipv6')
    },
  }
}

/**
 * The client's address: `peer` is the socket's remote address. X-Forwarded-For counts only
 * through trusted hops; a malformed entry ends the walk at the last trusted hop's claim.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null, trusted: TrustedProxies): string {
  let client = normalizeAddress(peer ?? '') || 'unknown'
  if (!trusted.has(client) || !forwardedFor) return client
  const hops = forwardedFor.split(',').map(forwardedAddress)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? ''
    if (!isIP(hop)) return client
    client = hop
    if (!trusted.has(hop)) return client
  }
  return client
}
