import { config } from 'zod/v4/core'

/**
 * zod compiles object parsers with `new Function` when it can; in the browser that is an `eval`
 * our Content-Security-Policy forbids (the attempt shows up as a CSP issue). Browsers use the
 * interpreter instead. Must run before any schema is created: it is the router's first import.
 * The server keeps the faster compiled parsers.
 */
if (typeof window !== 'undefined') config({ jitless: true })
