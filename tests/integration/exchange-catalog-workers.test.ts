import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { importStep } from '../../server/exchange/catalog-import'
import { uploadPath } from '../../server/exchange/files'
import { db, rows } from '../helpers/db'
import { enableCatalogExchange } from '../helpers/one-c-env'
import { fixture, fixtureImages } from '../helpers/one-c'

/**
 * `npm start` runs several server processes (WEB_CONCURRENCY) and the 1C client's import calls
 * reach any of them, while the streaming parse of a file lives in the memory of the process that
 * started it. Two processes are played here by two worker names; each call reads one 1 KB chunk.
 */
beforeAll(enableCatalogExchange)

const P = '-8b5e-11ee-b962-0242ac120002'
const CEM = `e0a10001${P}`

describe('1C import across server processes', () => {
  it('calls alternating between two processes import the file as one process would', async () => {
    const session = 'w'.repeat(40)
    for (const [rel, data] of [...fixtureImages(), ['import.xml', fixture('import.xml')] as const]) {
      const file = uploadPath(session, rel)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, data)
    }
    const position = async () =>
      (await rows<{ position: number }>('select position from exchange_imports where filename = ?', 'import.xml'))[0]
        ?.position ?? 0

    const step = (worker: string) =>
      importStep(db(), session, 'import.xml', 'ru', { budgetMs: 0, readChunk: 1024, worker })
    expect((await step('A')).status).toBe('progress')
    const afterA = await position()
    expect(afterA).toBe(1024)
    // The other process leaves the reading to the first, which holds the file.
    expect((await step('B')).status).toBe('progress')
    expect(await position()).toBe(afterA)

    const answers: string[] = []
    for (let i = 0; i < 400; i++) {
      const r = await step(i % 2 ? 'A' : 'B')
      answers.push(r.status)
      if (r.status !== 'progress') break
    }
    expect(answers.at(-1), JSON.stringify(await rows('select error from exchange_imports'))).toBe('success')
    // Every product of the file is there, once, with its name (a second reader appending to the
    // staged file would have broken or doubled records).
    const xml = fixture('import.xml').toString('utf8')
    const ids = [...xml.matchAll(/<Товар>\s*<Ид>([^<]+)<\/Ид>/g)].map((m) => m[1]!)
    expect(ids.length).toBeGreaterThan(3)
    const found = await rows<{ externalId: string }>(
      `select external_id as "externalId" from products where external_id in (${ids.map(() => '?').join(',')})`,
      ...ids,
    )
    expect(found.map((f) => f.externalId).sort()).toEqual([...ids].sort())
    expect((await rows<{ name: string }>('select name from products where external_id = ?', CEM))[0]?.name).toMatch(
      /Шампунь/,
    )
  })
})
