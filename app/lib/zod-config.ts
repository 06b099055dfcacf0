import type { $ZodConfig } from 'zod/v4/core'

/**
 * zod compiles object parsers with `new Function` when it can; in the browser that is an `eval`
 * our Content-Security-Policy forbids (the attempt shows up as a CSP issue). Browsers use the
 * interpreter instead. Must run before any schema is created: it is the router's first import.
 * The server keeps the faster compiled parsers.
 *
 * No runtime import of zod here, so zod stays out of the first-load bundle: zod 4 keeps its
 * configuration at `globalThis.__zod_globalConfig` and reuses an object already there
 * (zod/v4/core/core.js), so setting the flag before zod loads is the same as `config({ jitless: true })`.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: $ZodConfig }

if (typeof window !== 'undefined') ((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true
