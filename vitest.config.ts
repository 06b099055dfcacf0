import { defineConfig } from 'vitest/config'

// Vitest 5's reporter uses Map.groupBy / Object.groupBy (Node 21+); this machine runs Node 20.
// Without these, any failing test crashes the reporter instead of being reported.
const groupBy = <T, K>(items: Iterable<T>, key: (item: T, i: number) => K) => {
  const map = new Map<K, T[]>()
  let i = 0
  for (const item of items) {
    const k = key(item, i++)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}
const M = Map as unknown as { groupBy?: typeof groupBy }
M.groupBy ??= groupBy
const O = Object as unknown as { groupBy?: unknown }
O.groupBy ??= <T>(items: Iterable<T>, key: (item: T, i: number) => PropertyKey) =>
  Object.fromEntries(groupBy(items, key))

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup-file.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
  },
})
