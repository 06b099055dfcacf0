import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env'

/** `.env.example` and docs/deploying.md document every variable of server/env.ts. */
const example = readFileSync('.env.example', 'utf8')
const pairs = Object.fromEntries(
  [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']),
)
const variables = Object.keys(parseEnv({})).sort()

describe('.env.example', () => {
  it('lists every variable of server/env.ts, and nothing else', () => {
    expect(Object.keys(pairs).sort()).toEqual(variables)
  })

  it('parses as it stands (the demo defaults)', () => {
    const parsed = parseEnv(pairs)
    expect(parsed.SHOP_MODE).toBe('demo')
    expect(parsed.BACKUP_KEEP).toBe(14)
  })

  it('every variable has a line in the deployment checklist', () => {
    const doc = readFileSync('docs/deploying.md', 'utf8')
    expect(variables.filter((name) => !doc.includes(`\`${name}\``))).toEqual([])
  })
})
