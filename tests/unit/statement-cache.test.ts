import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { cacheStatements } from '../../db/statement-cache'

function connection(max?: number) {
  const db = new Database(':memory:')
  cacheStatements(db, max)
  db.exec('create table t (id integer primary key, name text); insert into t (name) values (\'a\'), (\'b\')')
  return db
}

describe('the SQLite statement cache (db/statement-cache.ts)', () => {
  it('hands back the compiled statement for the same SQL text', () => {
    const db = connection()
    const first = db.prepare('select id, name from t order by id')
    expect(db.prepare('select id, name from t order by id')).toBe(first)
    expect(db.prepare('select name from t')).not.toBe(first)
  })

  it('a statement left in raw mode (drizzle reading values) comes back reading objects', () => {
    const db = connection()
    expect(db.prepare('select id, name from t order by id').raw().all()).toEqual([
      [1, 'a'],
      [2, 'b'],
    ])
    expect(db.prepare('select id, name from t order by id').all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
  })

  it('a statement still being iterated is not handed out again', () => {
    const db = connection()
    const rows = db.prepare('select id from t order by id').iterate()
    rows.next()
    const again = db.prepare('select id from t order by id')
    expect(again.all()).toEqual([{ id: 1 }, { id: 2 }])
    expect([...rows]).toEqual([{ id: 2 }])
  })

  it('statements that write are reused too, and the least recently used leave past the limit', () => {
    const db = connection(2)
    const insert = db.prepare('insert into t (name) values (?)')
    insert.run('c')
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert)
    db.prepare('select 1')
    db.prepare('select 2')
    expect(db.prepare('insert into t (name) values (?)')).not.toBe(insert)
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 3 })
  })
})
