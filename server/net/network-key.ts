import { isIP } from 'node:net'
import { ipv6Groups } from './peer'
import { normalizeAddress } from './trusted-proxies'

/**
 * The network a client address belongs to, for limits that count a whole network: the first
 * `v4Bits` of an IPv4 address or the first `v6Bits` of an IPv6 one, written as a CIDR range
 * (`networkKey('203.0.113.77', 24, 48)` → `203.0.113.0/24`; `2001:db8:1:2::5` → `2001:db8:1::/48`).
 * A range itself (`limitKey`'s `2001:db8:1:2::/64`) is read by its address part. Anything that
 * is not an address is its own key.
 */
export function networkKey(address: string, v4Bits: number, v6Bits: number): string {
  const a = normalizeAddress(address.replace(/\/\d+$/, ''))
  const family = isIP(a)
  if (family === 4) {
    const n = a.split('.').reduce((acc, o) => acc * 256 + Number(o), 0)
    const bits = Math.max(0, Math.min(32, v4Bits))
    const masked = bits === 0 ? 0 : Math.floor(n / 2 ** (32 - bits)) * 2 ** (32 - bits)
    const octets = [24, 16, 8, 0].map((s) => Math.floor(masked / 2 ** s) % 256)
    return `${octets.join('.')}/${bits}`
  }
  if (family === 6) {
    const bits = Math.max(0, Math.min(128, v6Bits))
    const groups = ipv6Groups(a).map((g, i) => {
      const keep = Math.max(0, Math.min(16, bits - i * 16))
      const v = parseInt(g, 16)
      return (keep === 0 ? 0 : v - (v % 2 ** (16 - keep))).toString(16)
    })
    const used = groups.slice(0, Math.ceil(bits / 16))
    return `${used.join(':')}::/${bits}`
  }
  return a
}
