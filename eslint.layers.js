// Layer rules (ADR 019): no import cycles, and imports only in the direction
//   app UI -> server/contracts;  adapters (server/rest, server/trpc) -> services (server/services,
//   server/exchange) -> providers / server core -> db;  seed/ only from seed, scripts and tests.
// Paths are resolved (TypeScript resolver), so a rule names folders, not import strings.
import { readdirSync } from 'node:fs'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

/**
 * Files of app/ that run on the server and wire the framework to the server: server routes
 * (`app/routes/**\/*.ts`; pages are .tsx), the server entry, the request middleware, and the server halves of the
 * isomorphic tRPC client and site origin. They sit beside the adapters; everything else in app/
 * is UI and reaches the server only through server/contracts.
 */
export const APP_SERVER_ENTRIES = [
  'app/routes/**/*.ts',
  'app/server.ts',
  'app/start.ts',
  'app/start-personal.ts',
  'app/lib/trpc.ts',
  'app/lib/head.ts',
]

const ADAPTERS = ['./server/rest', './server/trpc']
const SERVICES = ['./server/services', './server/exchange']
/** Below the services: outside systems and the server's own plumbing. */
const CORE = [
  './server/auth',
  './server/http',
  './server/net',
  './server/env.ts',
  './server/logger.ts',
  './server/errors.ts',
  './server/cache.ts',
  './server/context.ts',
  './server/page-cache.ts',
  './server/db.ts',
]

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) })

/** Zones that hold in every file (their targets are outside app/). */
const baseZones = [
  zone('./db', ['./server', './app', './seed'], 'db/ is the bottom layer: pass values in instead.'),
  zone([...SERVICES, './server/providers', ...CORE], ADAPTERS, 'Only adapters and app server entries import adapters.'),
  zone(['./server/providers', ...CORE], SERVICES, 'Providers and server core sit below the services.'),
  zone(CORE, './server/providers', 'Server core sits below the providers.'),
  zone('./server/contracts', ['./server', './db'], 'Contracts are shared with the browser: contracts only.', [
    './contracts',
  ]),
  zone(['./server', './db'], './app', 'The server never imports app/.'),
  zone(['./server', './db', './app'], './seed', 'seed/ is imported only by seed/, scripts/ and tests/.'),
]

const uiZones = [
  zone('./app', './server', 'app/ UI imports server/contracts only (and `import type { AppRouter }`).', [
    './contracts',
    './trpc/root.ts',
  ]),
]
/**
 * No imports between features: each `app/features/<name>` imports only itself, app/components,
 * app/lib and server/contracts; what two features share moves to app/components or app/lib.
 * `app/features/pages` is the registry that lazily draws every feature, so it is the one exception.
 */
const REGISTRY_FEATURE = 'pages'
const featureZones = (root) => {
  let names = []
  try {
    names = readdirSync(`${root}/app/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== REGISTRY_FEATURE)
      .map((d) => d.name)
  } catch {
    // No app/features in this tree.
  }
  return names.flatMap((name) => [
    zone(
      `./app/features/${name}`,
      './app/features',
      `app/features/${name} imports only itself, app/components, app/lib and server/contracts: move what features share to app/components or app/lib.`,
      [`./${name}`],
    ),
    zone(
      `./app/features/${name}`,
      ['./app/routes', './app/router.tsx', './app/start.ts'],
      `app/features/${name} imports only itself, app/components, app/lib and server/contracts.`,
    ),
  ])
}
const entryZones = [zone('./app', ['./db', './seed'], 'app/ server entries reach the database through server/.')]

/**
 * The flat-config objects of the layer rules for the project at `root` (its tsconfig resolves
 * paths). `files` narrows them (the unit test lints a fixture tree).
 */
export function layersConfig(root, { files = ['**/*.{ts,tsx,js,mjs}'], tsconfig = `${root}/tsconfig.json` } = {}) {
  const restricted = (zones) => ['error', { basePath: root, zones }]
  return [
    {
      files,
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig })],
      },
      rules: {
        // `import type` is erased at build time and is not followed (no runtime cycle).
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-restricted-paths': restricted(baseZones),
      },
    },
    {
      files: ['app/**/*.{ts,tsx}'],
      ignores: APP_SERVER_ENTRIES,
      rules: {
        'import-x/no-restricted-paths': restricted([...baseZones, ...uiZones, ...featureZones(root)]),
        // The router's type is fine in the UI; its value (the whole server) is not.
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '(^|/)server/trpc/',
                allowTypeImports: true,
                message: 'app/ UI may take only types from server/trpc (AppRouter).',
              },
            ],
          },
        ],
      },
    },
    {
      files: APP_SERVER_ENTRIES,
      rules: { 'import-x/no-restricted-paths': restricted([...baseZones, ...entryZones]) },
    },
  ]
}
