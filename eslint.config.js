import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { layersConfig } from './eslint.layers.js'

// The async data layer (issue 13, ADR 020): services await the drizzle builder; the synchronous
// better-sqlite3 endings, the raw client and the driver's own transactions stay in db/ and the
// few engine modules (server/cache.ts, server/services/search/fts.ts).
// Exported for tests/unit/async-lint.test.ts.
export const asyncDataLayer = {
  files: ['server/services/**/*.ts', 'server/exchange/**/*.ts'],
  ignores: ['server/services/search/fts.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        // The session's in-memory getter (`ctx.session.get()`, `session.get()`) is not a query.
        selector:
          "CallExpression[arguments.length=0][callee.type='MemberExpression'][callee.property.name=/^(all|get|run)$/]" +
          ":not([callee.object.property.name='session']):not([callee.object.name='session'])",
        message: 'Await the query instead (ADR 020): `await q`, `const [row] = await q.limit(1)`.',
      },
      {
        selector: "MemberExpression[property.name='$client']",
        message: 'The raw driver stays in db/ (ADR 020): use db/engine.ts.',
      },
      {
        selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
        message: 'Use transaction(db, async (tx) => …) from db/engine.ts (ADR 020).',
      },
    ],
  },
}

export default tseslint.config(
  {
    ignores: [
      '.output*/**',
      'test-results*/**',
      'playwright-report/**',
      '.*.mjs',
      'node_modules/**',
      'app/routeTree.gen.ts',
      'drizzle/**',
      'test-results/**',
      'app/public/**',
      '.tanstack/**',
      'tests/fixtures/layers/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Size limits (issue 15): no file over 400 lines outside the seed's data, no React component
  // (nor any other function in app/ pages and components) over 150.
  {
    ignores: ['seed/data/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['app/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  // The async data layer's rule (ADR 020), defined above.
  asyncDataLayer,
  ...layersConfig(import.meta.dirname),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
)
