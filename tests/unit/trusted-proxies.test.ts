import { describe, expect, it } from 'vitest'
import { limitKey, networkKey, peerAddress, withPeerAddress } from '../../server/net/peer'
import {
  clientAddress,
  forwardedAddress,
  normalizeAddress,
  parseTrustedProxies,
} from '../../server/net/trusted-proxies'

const none = parseTrustedProxies('')
const lan = parseTrustedProxies('10.0.0.0/8')

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges of both families, with spaces and empty entries', () => {
    const t = parseTrustedProxies(' 10.0.0.1 , 192.168.0.0/16,, ::1, fd00::/8 ')
    expect(t.source).toBe('10.0.0.1,192.168.0.0/16,::1,fd00::/8')
    for (const yes of ['10.0.0.1', '192.168.0.1', '192.168.255.254', '::1', 'fd12:3456::1', '::ffff:10.0.0.1'])
      expect(t.has(yes), yes).toBe(true)
    for (const no of ['10.0.0.2', '192.169.0.1', '::2', 'fe80::1', '8.8.8.8', '', 'unknown', 'localhost'])
      expect(t.has(no), no).toBe(false)
  })

  it('an empty list trusts nobody', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.1', '0.0.0.0']) expect(none.has(a)).toBe(false)
  })

  it('/0 trusts a whole family, /32 one address', () => {
    expect(parseTrustedProxies('0.0.0.0/0').has('203.0.113.9')).toBe(true)
    expect(parseTrustedProxies('0.0.0.0/0').has('2001:db8::1')).toBe(false)
    const one = parseTrustedProxies('10.1.2.3/32')
    expect([one.has('10.1.2.3'), one.has('10.1.2.4')]).toEqual([true, false])
  })

  it('refuses a bad entry, naming it', () => {
    for (const bad of [
      'proxy.local',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/x',
      '10.0.0.0/8/1',
      '10.0.0.256',
      '10.0.0.0/-1',
    ]) {
      expect(() => parseTrustedProxies(`10.0.0.1, ${bad}`), bad).toThrow(`"${bad}"`)
    }
  })
})

describe('normalizeAddress and forwardedAddress', () => {
  it('one spelling per address', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(normalizeAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1')
    expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1')
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normalizeAddress(' 203.0.113.5 ')).toBe('203.0.113.5')
  })

  it('X-Forwarded-For entries with a port', () => {
    expect(forwardedAddress('203.0.113.5:41234')).toBe('203.0.113.5')
    expect(forwardedAddress('[2001:db8::7]:443')).toBe('2001:db8::7')
    expect(forwardedAddress('2001:db8::7')).toBe('2001:db8::7')
    expect(forwardedAddress(' ::ffff:203.0.113.5 ')).toBe('203.0.113.5')
  })
})

describe('clientAddress', () => {
  it('without TRUSTED_PROXIES the peer is the client, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', '1.2.3.4', none)).toBe('203.0.113.5')
    expect(clientAddress('127.0.0.1', '1.2.3.4, 5.6.7.8', none)).toBe('127.0.0.1')
    expect(clientAddress('10.0.0.5', '1.2.3.4', none)).toBe('10.0.0.5')
  })

  it('an untrusted peer is the client even with a trusted list', () => {
    expect(clientAddress('203.0.113.5', '1.2.3.4, 10.0.0.7', lan)).toBe('203.0.113.5')
  })

  it('through trusted hops, right to left: the first untrusted entry is the client', () => {
    expect(clientAddress('10.0.0.5', '1.2.3.4, 10.0.0.7', lan)).toBe('1.2.3.4')
    expect(clientAddress('10.0.0.5', '1.2.3.4', lan)).toBe('1.2.3.4')
    expect(clientAddress('10.0.0.5', '1.2.3.4,10.0.0.7,10.9.9.9', lan)).toBe('1.2.3.4')
  })

  it('the rightmost untrusted entry wins: what the client wrote to the left is ignored', () => {
    expect(clientAddress('10.0.0.5', '6.6.6.6, 1.2.3.4', lan)).toBe('1.2.3.4')
    expect(clientAddress('10.0.0.5', '6.6.6.6, 7.7.7.7, 1.2.3.4, 10.0.0.7', lan)).toBe('1.2.3.4')
  })

  it('a trusted peer without X-Forwarded-For is the client', () => {
    expect(clientAddress('10.0.0.5', null, lan)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', '', lan)).toBe('10.0.0.5')
  })

  it('every hop trusted: the leftmost one', () => {
    expect(clientAddress('10.0.0.5', '10.1.1.1, 10.0.0.7', lan)).toBe('10.1.1.1')
  })

  it('a malformed entry ends the walk at the last trusted hop', () => {
    expect(clientAddress('10.0.0.5', '1.2.3.4, bogus', lan)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', 'bogus, 10.0.0.7', lan)).toBe('10.0.0.7')
    expect(clientAddress('10.0.0.5', '1.2.3.4, , 10.0.0.7', lan)).toBe('10.0.0.7')
    expect(clientAddress('10.0.0.5', 'unknown', lan)).toBe('10.0.0.5')
  })

  it('entries with ports', () => {
    expect(clientAddress('10.0.0.5', '1.2.3.4:5555, 10.0.0.7:80', lan)).toBe('1.2.3.4')
  })

  it('IPv6 and IPv4-mapped peers and hops', () => {
    const mixed = parseTrustedProxies('10.0.0.0/8, fd00::/8')
    expect(clientAddress('::ffff:10.0.0.5', '1.2.3.4', mixed)).toBe('1.2.3.4')
    expect(clientAddress('::ffff:203.0.113.5', '1.2.3.4', mixed)).toBe('203.0.113.5')
    expect(clientAddress('fd00::5', '2001:db8::1, fd00::7', mixed)).toBe('2001:db8::1')
    expect(clientAddress('fd00::5', '[2001:db8::1]:1234', mixed)).toBe('2001:db8::1')
    expect(clientAddress('2001:db8::9', '1.2.3.4', mixed)).toBe('2001:db8::9')
    expect(clientAddress('::1', '1.2.3.4', none)).toBe('::1')
    expect(clientAddress('::1', '1.2.3.4', parseTrustedProxies('::1'))).toBe('1.2.3.4')
  })

  it('no peer at all: one shared "unknown"', () => {
    expect(clientAddress(undefined, '1.2.3.4', none)).toBe('unknown')
    expect(clientAddress('', null, lan)).toBe('unknown')
  })
})

describe('limitKey', () => {
  it('IPv4 as it is, IPv6 by its /64', () => {
    expect(limitKey('203.0.113.5')).toBe('203.0.113.5')
    expect(limitKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(limitKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitKey('::1')).toBe('0:0:0:0::/64')
    expect(limitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
    expect(limitKey('unknown')).toBe('unknown')
  })
})

describe('networkKey', () => {
  it('IPv4 by its first v4Bits, IPv6 by its first v6Bits', () => {
    expect(networkKey('203.0.113.77', 24, 48)).toBe('203.0.113.0/24')
    expect(networkKey('203.0.113.77', 16, 48)).toBe('203.0.0.0/16')
    expect(networkKey('203.0.113.77', 32, 48)).toBe('203.0.113.77')
    expect(networkKey('::ffff:203.0.113.77', 24, 48)).toBe('203.0.113.0/24')
    expect(networkKey('2001:db8:1:2:aaaa::1', 24, 48)).toBe('2001:db8:1::/48')
    expect(networkKey('2001:db8:1:2:aaaa::1', 24, 64)).toBe('2001:db8:1:2::/64')
    expect(networkKey('2001:db8:1:2:aaaa::1', 24, 56)).toBe('2001:db8:1:0::/56')
    expect(networkKey('2001:db8:1:2ff:aaaa::1', 24, 56)).toBe('2001:db8:1:200::/56')
    expect(networkKey('unknown', 24, 48)).toBe('unknown')
  })
  it('a range (a limitKey) is read by its address part; bits inside a group', () => {
    expect(networkKey(limitKey('2001:db8:1:ffff::9'), 24, 48)).toBe('2001:db8:1::/48')
    expect(networkKey('2001:db8:1:ffff::9', 24, 64)).toBe('2001:db8:1:ffff::/64')
    expect(networkKey('2001:db8:1:ffff::9', 24, 50)).toBe('2001:db8:1:c000::/50')
    expect(networkKey('10.1.2.3', 16, 48)).toBe('10.1.0.0/16')
  })
})

describe('peerAddress', () => {
  it('the address a test gives, or the Node socket of the server adapter, or nothing', () => {
    expect(peerAddress(withPeerAddress(new Request('http://x/'), '10.1.2.3'))).toBe('10.1.2.3')
    const srvxLike = Object.assign(new Request('http://x/'), {
      runtime: { name: 'node', node: { req: { socket: { remoteAddress: '::ffff:127.0.0.1' } } } },
    })
    expect(peerAddress(srvxLike)).toBe('::ffff:127.0.0.1')
    expect(peerAddress(new Request('http://x/', { headers: { 'x-forwarded-for': '1.2.3.4' } }))).toBeUndefined()
  })

  it('the test marker is not a header and does not survive a copy of the request', () => {
    const req = withPeerAddress(new Request('http://x/'), '10.1.2.3')
    expect([...req.headers.keys()]).toEqual([])
    expect(Object.keys(req)).toEqual([])
    expect(peerAddress(new Request(req))).toBeUndefined()
  })
})
