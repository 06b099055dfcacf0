import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { rows, tableNames } from '../helpers/db'
import { buildOpenApi } from '../../server/rest/openapi'
import { apiTable } from '../../server/rest/table'

/** A fingerprint of every table's content (row counts and a checksum of the rows). */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const t of await tableNames()) {
    const all = await rows(`select * from "${t}"`)
    out[t] = `${all.length}:${JSON.stringify(all).length}`
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
    const before = await fingerprint()
    expect(Object.keys(before).length).toBeGreaterThan(20) // every table of the shop, on either engine
    for (const path of gets) {
      for (const client of [visitor(), withSession]) {
        const res = await client.raw('GET', `${path}?path=/catalog/&s=шампунь&query=ab&entity=cart&id=1`)
        expect(res.status, path).toBeLessThan(500)
        expect(res.headers.get('set-cookie'), `${path} set a cookie`).toBeNull()
      }
    }
    expect(await fingerprint()).toEqual(before)
  })
})
