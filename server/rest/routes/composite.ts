import { z } from 'zod'
import { defineRoute, JsonText, normalizeApiPath, type RouteTable } from '../registry'
import { runRoute, sharesAnswer } from '../run'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { camelizeKeys } from '../body'
import { contentVersion, VersionedCache } from '../../cache'
import { databaseId } from '../../../db/engine'

export const MAX_COMPOSITE_ENTRIES = 20

const Entry = z.object({
  key: z.string().trim().min(1).max(100),
  route: z.string().trim().min(1).max(300),
  params: z.record(z.string(), z.unknown()).optional().default({}),
})

const CompositeInput = z.object({
  requests: z.array(Entry).min(1).max(MAX_COMPOSITE_ENTRIES),
})

/**
 * Whole batches of callers without a session whose every entry is a shared answer (e.g. the
 * startup batch every new visitor sends): kept as text until the data changes.
 */
const sharedBatches = new VersionedCache<string>(200)

const EntryResult = z.object({ result: z.boolean(), data: z.unknown(), message: z.string().optional() })

/** The batch route over `table` (the whole API: server/rest/table.ts passes itself in). */
export const compositeRoutes = (table: RouteTable) => [
  defineRoute({
    method: 'POST',
    path: '/composite/',
    summary: "Batched GET reads, run in-process with the caller's session",
    tags: ['platform'],
    input: CompositeInput,
    output: z.object({ data: z.record(z.string(), EntryResult) }),
    handler: async (input, ctx) => {
      const keys = new Set<string>()
      for (const e of input.requests) {
        if (keys.has(e.key))
          throw new AppError(422, 'api.duplicateKey', { key: e.key }, { errors: { requests: 'errors.default' } })
        keys.add(e.key)
      }
      // One snapshot of the data version for the whole batch (its entries are all reads), and
      // the answer assembled as text: cached entries arrive already serialised.
      const version = contentVersion(ctx.db)
      const batchKey = ctx.session.isAnonymous
        ? `${databaseId(ctx.db)}|${ctx.locale}|${JSON.stringify(input.requests)}`
        : null
      const kept = batchKey === null ? undefined : sharedBatches.get(version, batchKey)
      if (kept !== undefined) return new JsonText(kept)
      let shared = batchKey !== null
      const parts: string[] = []
      const fail = (key: string, message: string) =>
        parts.push(`${JSON.stringify(key)}:${JSON.stringify({ result: false, data: null, message })}`)
      for (const entry of input.requests) {
        const [pathPart = '', queryPart = ''] = entry.route.split('?', 2)
        const path = normalizeApiPath(pathPart)
        if (path === '/composite/') {
          fail(entry.key, t(ctx.locale, 'api.nestedComposite'))
          continue
        }
        const matched = table.match(path, 'GET')
        if (matched === null || matched === 'method') {
          fail(entry.key, t(ctx.locale, 'api.routeNotFound'))
          continue
        }
        const fromQuery = Object.fromEntries(new URLSearchParams(queryPart))
        const params = camelizeKeys({ ...fromQuery, ...entry.params })
        const outcome = await runRoute(matched.route, params, ctx, matched.params, version)
        if (outcome.status !== 200 || !sharesAnswer(matched.route, ctx)) shared = false
        if (outcome.status >= 200 && outcome.status < 300 && !outcome.raw) {
          const data = outcome.json ?? JSON.stringify(outcome.body ?? null)
          parts.push(`${JSON.stringify(entry.key)}:{"result":true,"data":${data}}`)
        } else {
          const body = outcome.body as { message?: string } | null
          fail(entry.key, body?.message ?? '')
        }
      }
      const text = `{"data":{${parts.join(',')}}}`
      if (shared && batchKey !== null) sharedBatches.set(version, batchKey, text)
      return new JsonText(text)
    },
  }),
]
