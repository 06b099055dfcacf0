import { defineConfig } from 'vitest/config'

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
