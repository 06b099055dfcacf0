import { z } from 'zod'
import { defineRoute, normalizeApiPath } from '../registry'
import { runRoute } from '../execute'
import { apiTable } from '../table'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { camelizeKeys } from '../body'

export const MAX_COMPOSITE_ENTRIES = 20

const Entry = z.object({
  key: z.string().trim().min(1).max(100),
  route: z.string().trim().min(1).max(300),
  params: z.record(z.string(), z.unknown()).optional().default({}),
})

const CompositeInput = z.object({
  requests: z.array(Entry).min(1).max(MAX_COMPOSITE_ENTRIES),
})

const EntryResult = z.object({ result: z.boolean(), data: z.unknown(), message: z.string().optional() })

export const compositeRoutes = [
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
      const data: Record<string, z.infer<typeof EntryResult>> = {}
      for (const entry of input.requests) {
        const [pathPart = '', queryPart = ''] = entry.route.split('?', 2)
        const path = normalizeApiPath(pathPart)
        if (path === '/composite/') {
          data[entry.key] = { result: false, data: null, message: t(ctx.locale, 'api.nestedComposite') }
          continue
        }
        const matched = apiTable.match(path, 'GET')
        if (matched === null || matched === 'method') {
          data[entry.key] = { result: false, data: null, message: t(ctx.locale, 'api.routeNotFound') }
          continue
        }
        const fromQuery = Object.fromEntries(new URLSearchParams(queryPart))
        const params = camelizeKeys({ ...fromQuery, ...entry.params })
        const outcome = await runRoute(matched.route, params, ctx, matched.params)
        if (outcome.status >= 200 && outcome.status < 300 && !outcome.raw) {
          data[entry.key] = { result: true, data: outcome.body }
        } else {
          const body = outcome.body as { message?: string } | null
          data[entry.key] = { result: false, data: null, message: body?.message ?? '' }
        }
      }
      return { data }
    },
  }),
]
