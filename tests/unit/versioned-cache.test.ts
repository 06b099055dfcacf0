import { describe, expect, it } from 'vitest'
import { VersionedCache } from '../../server/cache'

describe('VersionedCache', () => {
  it('answers only for the data version a value was computed at', () => {
    const c = new VersionedCache<string>(10)
    c.set('v1', 'k', 'a')
    expect(c.get('v1', 'k')).toBe('a')
    expect(c.get('v2', 'k')).toBeUndefined()
    // A stale entry is dropped, not kept for the old version.
    expect(c.get('v1', 'k')).toBeUndefined()
    expect(c.size).toBe(0)
  })

  it('lets the least recently used entry go first when full', () => {
    const c = new VersionedCache<number>(2)
    c.set('v', 'a', 1)
    c.set('v', 'b', 2)
    expect(c.get('v', 'a')).toBe(1) // a is now the most recent
    c.set('v', 'c', 3)
    expect(c.get('v', 'b')).toBeUndefined()
    expect(c.get('v', 'a')).toBe(1)
    expect(c.get('v', 'c')).toBe(3)
  })

  it('keeps the total weight under its limit and accounts for replaced and dropped entries', () => {
    const c = new VersionedCache<string>(100, 10, (s) => s.length)
    c.set('v', 'a', 'xxxx')
    c.set('v', 'b', 'xxxx')
    expect(c.totalWeight).toBe(8)
    c.set('v', 'a', 'xx') // replaced: 2 + 4
    expect(c.totalWeight).toBe(6)
    c.set('v', 'c', 'xxxxxx') // 12 > 10: the oldest (b) leaves
    expect(c.get('v', 'b')).toBeUndefined()
    expect(c.totalWeight).toBe(8)
    expect(c.get('w', 'a')).toBeUndefined() // stale: dropped with its weight
    expect(c.totalWeight).toBe(6)
  })

  it('computes once per version on read-through', async () => {
    const c = new VersionedCache<number>(10)
    let calls = 0
    const load = () => Promise.resolve(++calls)
    expect(await c.through('v1', 'k', load)).toBe(1)
    expect(await c.through('v1', 'k', load)).toBe(1)
    expect(await c.through('v2', 'k', load)).toBe(2)
  })

  it('shares one load between concurrent misses, and keeps the settled value', async () => {
    const c = new VersionedCache<number>(10)
    let calls = 0
    const load = async () => {
      await new Promise((r) => setTimeout(r, 5))
      return ++calls
    }
    expect(await Promise.all([c.through('v1', 'k', load), c.through('v1', 'k', load)])).toEqual([1, 1])
    expect(calls).toBe(1)
    expect(c.get('v1', 'k')).toBe(1)
  })

  it('keeps nothing when a load fails: the next call loads again', async () => {
    const c = new VersionedCache<number>(10)
    let calls = 0
    const load = () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(calls))
    await expect(c.through('v1', 'k', load)).rejects.toThrow('down')
    expect(await c.through('v1', 'k', load)).toBe(2)
    expect(calls).toBe(2)
  })
})
