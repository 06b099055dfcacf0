import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { layersConfig } from './eslint.layers.js'

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
  ...layersConfig(import.meta.dirname),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
)
