import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import { asyncDataLayer } from '../../eslint.config.js'

// The async data layer's lint rule (eslint.config.js, ADR 020) on small sources of its own:
// it fails on a synchronous query ending, the raw client and the driver's transaction in a
// service or exchange file, and lets the session's in-memory getter and other files be.
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({
    cwd: import.meta.dirname,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, asyncDataLayer],
  })
})

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.line} ${m.ruleId ?? m.message}`)
}

const QUERIES = `declare const db: any, ctx: any, session: any, q: any
const a = db.select().from('t').get()
const b = db.select().from('t').all()
db.update('t').set({}).run()
const c = db.$client
db.transaction(() => {})
`

const SESSION = `declare const ctx: any, session: any, db: any
const a = ctx.session.get()
const b = session.get()
const c = db.get(1)
`

describe('async data layer lint rule', () => {
  it('fails on .get()/.all()/.run(), $client and .transaction() in a service file', async () => {
    expect(await problems('server/services/orders/query.ts', QUERIES)).toEqual([
      '2 no-restricted-syntax',
      '3 no-restricted-syntax',
      '4 no-restricted-syntax',
      '5 no-restricted-syntax',
      '6 no-restricted-syntax',
    ])
    expect(await problems('server/exchange/sale/query.ts', QUERIES)).toHaveLength(5)
  })

  it("lets the session's getter, calls with arguments and files outside services and exchange be", async () => {
    expect(await problems('server/services/site.ts', SESSION)).toEqual([])
    expect(await problems('server/services/search/fts.ts', QUERIES)).toEqual([])
    expect(await problems('server/cache.ts', QUERIES)).toEqual([])
    expect(await problems('db/engine.ts', QUERIES)).toEqual([])
  })
})
