import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import { layersConfig } from '../../eslint.layers.js'

// The layer rules of `npm run lint` (eslint.layers.js, ADR 019) run on a small tree of their
// own (tests/fixtures/layers): they must fail where a file breaks a layer, and only there.
const root = resolve(import.meta.dirname, '../fixtures/layers')
let problems: Map<string, string[]>

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
      },
      ...layersConfig(root),
    ],
  })
  const results = await eslint.lintFiles(['**/*.ts'])
  problems = new Map(
    results.map((r) => [
      r.filePath.slice(root.length + 1),
      r.messages.map((m) => `${m.line} ${m.ruleId ?? m.message}`),
    ]),
  )
}, 60_000)

describe('layer lint rules', () => {
  it('report a runtime import cycle on both files, and ignore a cycle closed by `import type`', () => {
    expect(problems.get('server/services/ping.ts')).toEqual(['2 import-x/no-cycle'])
    expect(problems.get('server/services/pong.ts')).toEqual(['1 import-x/no-cycle'])
    expect(problems.get('server/services/typed.ts')).toEqual([])
    expect(problems.get('server/services/shape.ts')).toEqual([])
  })

  it('report imports against the direction', () => {
    expect(problems.get('server/services/uses-adapter.ts')).toEqual(['2 import-x/no-restricted-paths'])
    expect(problems.get('server/services/uses-seed.ts')).toEqual(['2 import-x/no-restricted-paths'])
    expect(problems.get('db/client.ts')).toEqual(['2 import-x/no-restricted-paths'])
  })

  it('let app/ UI take contracts and the router type, but not a service or the router itself', () => {
    expect(problems.get('app/components/widget.ts')).toEqual([
      '4 @typescript-eslint/no-restricted-imports',
      '5 import-x/no-restricted-paths',
    ])
  })

  it('report an import from one feature into another, but not the page registry drawing them', () => {
    expect(problems.get('app/features/orders/list.ts')).toEqual(['3 import-x/no-restricted-paths'])
    for (const file of ['app/features/orders/own.ts', 'app/features/account/nav.ts', 'app/features/pages/registry.ts']) {
      expect(problems.get(file), file).toEqual([])
    }
  })

  it('allow adapters, server entries in app/ and contracts their imports', () => {
    for (const file of ['server/rest/route.ts', 'app/routes/api.ts', 'server/contracts/limits.ts', 'seed/pages.ts']) {
      expect(problems.get(file), file).toEqual([])
    }
  })
})
