import { afterEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type DB } from '../../db/client'
import { affectedRows, transaction, TransactionLeakError } from '../../db/engine'
import { cities } from '../../db/schema'

let dir: string | undefined
function freshDb(): DB {
  dir = mkdtempSync(join(tmpdir(), 'tx-'))
  return openDatabase(join(dir, 'shop.db'))
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

const cityRow = (name: string) => ({ name, nameEn: name, region: 'test', latitude: 0, longitude: 0 })

async function count(db: DB) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(cities)
  return row!.n
}

// BEGIN/savepoints on SQLite's one connection; PostgreSQL's transactions: pg-engine.test.ts.
describe.skipIf(process.env.DB_ENGINE === 'pg')('async transaction (SQLite)', () => {
  it('commits what the body wrote and resolves with its result', async () => {
    const db = freshDb()
    const before = await count(db)
    const id = await transaction(db, async (tx) => {
      const [row] = await tx.insert(cities).values(cityRow('tx-a')).returning({ id: cities.id })
      return row!.id
    })
    expect(id).toBeGreaterThan(0)
    expect(await count(db)).toBe(before + 1)
  })

  it('rolls everything back when the body throws', async () => {
    const db = freshDb()
    const before = await count(db)
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(cities).values(cityRow('tx-b'))
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await count(db)).toBe(before)
  })

  it('a nested transaction rolls back alone, in a savepoint', async () => {
    const db = freshDb()
    const before = await count(db)
    await transaction(db, async (tx) => {
      await tx.insert(cities).values(cityRow('tx-outer'))
      await transaction(tx, async (inner) => {
        await inner.insert(cities).values(cityRow('tx-inner'))
        throw new Error('inner')
      }).catch(() => undefined)
    })
    expect(await count(db)).toBe(before + 1)
    expect(await db.select().from(cities).where(eq(cities.name, 'tx-inner'))).toEqual([])
  })

  it('refuses a body that waits on something other than the database, and keeps nothing of it', async () => {
    const db = freshDb()
    const before = await count(db)
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(cities).values(cityRow('tx-leak'))
        await new Promise((r) => setTimeout(r, 1))
      }),
    ).rejects.toBeInstanceOf(TransactionLeakError)
    expect(await count(db)).toBe(before)
  })

  it('concurrent transactions on one connection take turns: a rollback undoes only its own writes', async () => {
    const db = freshDb()
    const before = await count(db)
    const order: string[] = []
    const job = async (name: string, fail: boolean) => {
      await db.select().from(cities).limit(1) // in flight together, as parallel requests are
      await transaction(
        db,
        async (tx) => {
          order.push(`${name}+`)
          await tx.insert(cities).values(cityRow(`tx-${name}`))
          await tx.select().from(cities).limit(1)
          if (fail) throw new Error(name)
          order.push(`${name}-`)
        },
        { behavior: 'immediate' },
      )
    }
    const settled = await Promise.allSettled([job('a', true), job('b', false), job('c', false)])
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled'])
    expect(order).toEqual(['a+', 'b+', 'b-', 'c+', 'c-'])
    expect(await count(db)).toBe(before + 2)
  })

  it("a write outside any transaction, made while another request's is open, is not undone by its rollback", async () => {
    const db = freshDb()
    const before = await count(db)
    const failing = transaction(db, async (tx) => {
      await tx.insert(cities).values(cityRow('tx-doomed'))
      await tx.select().from(cities).limit(1)
      await tx.select().from(cities).limit(1)
      throw new Error('out of stock')
    }).catch(() => 'rolled back')
    // Another request's write, run while the transaction above is open (same tick: a composite
    // batch, two requests parsed together): it must wait, not join the doomed transaction.
    const [outcome, [written]] = await Promise.all([
      failing,
      db.insert(cities).values(cityRow('autocommit')).returning({ id: cities.id }),
    ])
    expect(outcome).toBe('rolled back')
    expect(written?.id).toBeGreaterThan(0)
    expect(await count(db)).toBe(before + 1)
    const names = (await db.select({ name: cities.name }).from(cities)).map((r) => r.name)
    expect(names).toContain('autocommit')
    expect(names).not.toContain('tx-doomed')
  })

  it('counts the rows a write changed', async () => {
    const db = freshDb()
    await db.insert(cities).values([cityRow('tx-c1'), cityRow('tx-c2')])
    expect(
      affectedRows(await db.update(cities).set({ region: 'moved' }).where(eq(cities.region, 'test'))),
    ).toBeGreaterThanOrEqual(2)
    expect(affectedRows(await db.delete(cities).where(eq(cities.name, 'nope')))).toBe(0)
  })
})

describe.skipIf(process.env.DB_ENGINE === 'pg')('async transactions started in the same tick (SQLite)', () => {
  it('take turns instead of nesting: one that fails leaves the other whole', async () => {
    const db = freshDb()
    const before = await count(db)
    const results = await Promise.allSettled([
      transaction(db, async (tx) => {
        await tx.insert(cities).values(cityRow('turn-a1'))
        await tx.insert(cities).values(cityRow('turn-a2'))
      }),
      transaction(db, async (tx) => {
        await tx.insert(cities).values(cityRow('turn-b'))
        throw new Error('b fails')
      }),
      transaction(db, async (tx) => {
        await tx.insert(cities).values(cityRow('turn-c'))
      }),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await count(db)).toBe(before + 3)
    expect(await db.select().from(cities).where(eq(cities.name, 'turn-b'))).toEqual([])
  })
})
