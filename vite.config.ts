import { defineConfig, type Plugin } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { nitro } from 'nitro/vite'
import { fileURLToPath } from 'node:url'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** React 19's own useSyncExternalStore for the browser, not the shim's copy for older Reacts (ADR 031). */
const syncExternalStoreShim: Plugin = {
  name: 'use-sync-external-store-shim',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId: (id) =>
    id === 'use-sync-external-store/shim' ? r('./app/lib/use-sync-external-store-shim.ts') : undefined,
}

export default defineConfig({
  publicDir: 'app/public',
  resolve: {
    alias: { '~': r('./app') },
  },
  server: { port: 3000 },
  ssr: { external: ['better-sqlite3'] },
  environments: {
    client: {
      build: {
        // A lazy chunk's preload list leaves out the chunk itself (`import()` requests it at once
        // anyway: Vite's preload helper waits for no script) and the entry (every page has it): each
        // name costs the first load of every page whose chunks import it (ADR 037). The rest of the
        // list stays: without it a chunk's own imports would wait for the chunk (a first client
        // navigation to a page type took 1.4 s instead of 1.06 s at 150 ms of latency).
        modulePreload: {
          resolveDependencies: (file, deps) =>
            deps.filter((dep) => dep !== file && !/(^|\/)index-[\w-]+\.js$/.test(dep)),
        },
        rolldownOptions: {
          output: {
            // Chunk groups (figures in docs/decisions/048-first-load-javascript.md). What the entry
            // carries of the shop beside what it imports lives in app/shell/: the framework group
            // takes that folder, so a module joins or leaves the entry by moving, never by a rename.
            // The browser entry and the catch-all route's component are named: their paths are Start's.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins)[\\/]|rolldown[:/]runtime|vite[\\/]preload-helper|app[\\/]client\.tsx$|app[\\/]routes[\\/]\$\.tsx\?tsr-split=component|app[\\/]shell[\\/]/,
                  priority: 3,
                },
                { name: 'i18n', test: /app[\\/]lib[\\/]i18n\.ts$/, priority: 2 },
                // The catalog pages' chunks (ADR 034). A group also takes the modules its modules import,
                // so the shared ones (product card, page title, number rules, number field) are claimed
                // first by groups of their own (priority 2); then each page's own modules and texts make
                // one chunk (priority 1) instead of four or five: each chunk costs framing, and gzip
                // compresses one page's code better together. The search page shares the section's chunk
                // (filters, listing parts, catalog texts); its own and favorites' texts are messages/search.
                {
                  name: 'product-card',
                  test: /app[\\/]components[\\/](product[\\/](product-card|favorite-button|price|stock-alert-button)|commerce[\\/]add-to-cart-button|ui[\\/]lazy-image)\.tsx$|messages[\\/]cards(\.ru)?\.ts$/,
                  priority: 2,
                },
                // The number rules ride with the number field (ADR 036): the product page and the cart load
                // both; the section's range field loads on demand (ADR 035).
                { name: 'number-field', test: /number-field\.tsx$|form[\\/]bounds\.ts$/, priority: 2 },
                // Modules that always load together make one chunk: each chunk costs framing on the pages
                // that load it and a name in the entry's preload lists (ADR 048). The blog cards with the
                // content texts they use (home, blog, a post); the focus trap of the menu and the search
                // with the shell texts they load.
                { name: 'content', test: /messages[\\/]content(\.ru)?\.ts$|content[\\/]post-card\.tsx$/, priority: 1 },
                {
                  name: 'shell-more',
                  test: /messages[\\/]shell-more(\.ru)?\.ts$|layout[\\/]use-focus-trap\.ts$/,
                  priority: 1,
                },
                // The amounts block rides with the cart texts it uses: the cart, checkout and order pages
                // load both, and one chunk costs less framing (and one name fewer in the entry) than two.
                {
                  name: 'commerce-cart',
                  test: /messages[\\/]commerce-cart(\.ru)?\.ts$|commerce[\\/]amounts\.tsx$/,
                  priority: 1,
                },
                {
                  name: 'catalog-page',
                  test: /app[\\/]features[\\/]catalog[\\/](catalog-page|catalog-parts|pagination|use-catalog-search)\.tsx?$|lib[\\/]island\.tsx$|catalog-query\.ts$|messages[\\/]catalog(-more)?(\.ru)?\.ts$/,
                  priority: 1,
                },
                {
                  name: 'product-page',
                  test: /app[\\/]features[\\/]catalog[\\/]product-(page|sections|gallery|offer)\.tsx$|volume-picker\.tsx$|fast-buy-button\.tsx$|messages[\\/]product(\.ru)?\.ts$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    syncExternalStoreShim,
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'app',
      importProtection: {
        behavior: 'error',
        client: {
          specifiers: ['better-sqlite3', 'drizzle-orm', /^drizzle-orm\//, 'node:crypto', 'node:fs'],
          files: ['**/*.server.*', '**/server/**', '**/db/**'],
          excludeFiles: ['**/server/contracts/**'],
        },
      },
    }),
    viteReact(),
    nitro({
      compressPublicAssets: { gzip: true, brotli: true },
      // Parallel builds (several e2e runs on one machine) each get their own folder.
      output: { dir: process.env.BUILD_DIR ?? '.output' },
      // Runs once when the server process boots: the periodic jobs (server/jobs.ts).
      plugins: ['./server/jobs.ts'],
      // Nitro copies <root>/public by itself; our static files live in app/public.
      publicAssets: [{ dir: 'app/public', baseURL: '/', maxAge: 3600 }],
      routeRules: {
        // Hashed build files never change: cache them for a year.
        '/assets/**': {
          headers: { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
        },
        '/images/**': { headers: { 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' } },
      },
    }),
  ],
})
