import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { db } from '../helpers/db'
import { buildOpenApi } from '../../server/rest/openapi'
import { apiTable } from '../../server/rest/table'

/** A fingerprint of every table's content (row counts and a checksum of the rows). */
function fingerprint(): Record<string, string> {
  const sqlite = db().$client
  const tables = (
    sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' and name not like '__drizzle%'",
      )
      .all() as { name: string }[]
  ).map((t) => t.name)
  const out: Record<string, string> = {}
  for (const t of tables) {
    const rows = sqlite.prepare(`select * from "${t}"`).all()
    out[t] = `${rows.length}:${JSON.stringify(rows).length}`
  }
  return out
}

describe('GET never changes state', () => {
  it('walks every GET route of the OpenAPI document, as a visitor and with a session, and nothing changes', async () => {
    const doc = buildOpenApi(apiTable.all)
    const gets = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in (ops as object))
      .map(([p]) => p.replace('{provider}', 'test').replace(/\{\w+\}/g, 'question'))
    expect(gets.length).toBeGreaterThan(10)
    const withSession = visitor()
    await withSession.post('/api/user-city/', { id: 2 })
    const before = fingerprint()
    for (const path of gets) {
      for (const client of [visitor(), withSession]) {
        const res = await client.raw('GET', `${path}?path=/catalog/&s=шампунь&query=ab&entity=cart&id=1`)
        expect(res.status, path).toBeLessThan(500)
        expect(res.headers.get('set-cookie'), `${path} set a cookie`).toBeNull()
      }
    }
    expect(fingerprint()).toEqual(before)
  })
})
