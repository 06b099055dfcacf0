/**
 * The most calls one tRPC batch may carry: the server refuses a longer batch (400) before it
 * reads the body or runs any call, and the browser's batching link splits at the same number
 * (app/lib/trpc-browser.ts). The same cap as REST's composite batch (server/rest/routes/composite.ts).
 */
export const MAX_TRPC_BATCH = 20
