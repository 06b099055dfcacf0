import type { Ctx } from '../context'
import { errorMap } from '../contracts/common'
import { t } from '../contracts/i18n'
import { errorBody, logUnexpected, mapError, type ErrorAnswer } from '../http/guard'
import { JsonText, RawReply, Reply, type RouteDef } from './registry'
import { contentVersion, VersionedCache } from '../cache'
import { databaseId } from '../../db/engine'

/*
 * Running one matched route: validation, the shared-answer cache, the handler, its error.
 * Used by the /api/ adapter (execute.ts) and by the composite batch (routes/composite.ts),
 * which therefore need not import each other or the route table.
 */
export interface Outcome {
  status: number
  body: unknown
  /** The body already serialised (cached public answers, the composite batch). */
  json?: string
  headers?: Record<string, string>
  raw?: Response
  /** The route's answer is the same for every such caller (sharesAnswer): it keeps its cache-control. */
  shared?: boolean
}

export function failure(
  ctx: Ctx,
  status: number,
  key: string,
  params?: Record<string, string | number>,
  extra?: Record<string, unknown>,
): Outcome {
  return { status, body: { success: false, message: t(ctx.locale, key, params), ...extra } }
}

/** A thrown error's answer (server/http/guard.ts, shared with tRPC). */
function failed(answer: ErrorAnswer): Outcome {
  return { status: answer.status, body: errorBody(answer) }
}

/** Whether this caller's answer from this route is the same for every such caller (RouteDef.cache). */
export function sharesAnswer(route: RouteDef, ctx: Ctx): boolean {
  if (route.method !== 'GET') return false
  return route.cache === 'public' || (route.cache === 'visitor' && ctx.session.isAnonymous)
}

/** Serialised answers of routes whose answer is shared (see sharesAnswer), valid until the data changes. */
const publicAnswers = new VersionedCache<Outcome>(1000)

/**
 * Validates input against the route's schema and runs it: the one path for REST and composite.
 * `version` lets a batch read the data version once for all its entries.
 */
export async function runRoute(
  route: RouteDef,
  rawInput: unknown,
  ctx: Ctx,
  params: Record<string, string>,
  version?: string,
): Promise<Outcome> {
  const parsed = route.input.safeParse(rawInput, { error: errorMap(ctx.locale) })
  if (!parsed.success) return failed(mapError(parsed.error, ctx, rawInput))
  if (sharesAnswer(route, ctx)) {
    const v = version ?? contentVersion(ctx.db)
    const key = `${databaseId(ctx.db)}|${route.path}|${ctx.locale}|${JSON.stringify(parsed.data)}|${JSON.stringify(params)}`
    const hit = publicAnswers.get(v, key)
    if (hit) return hit
    const outcome = await execute(route, parsed.data, ctx, params)
    outcome.shared = true
    if (outcome.status === 200 && !outcome.raw && outcome.json === undefined) {
      outcome.json = JSON.stringify(outcome.body ?? null)
      publicAnswers.set(v, key, outcome)
    }
    return outcome
  }
  return execute(route, parsed.data, ctx, params)
}

async function execute(route: RouteDef, input: unknown, ctx: Ctx, params: Record<string, string>): Promise<Outcome> {
  try {
    const result = await route.handler(input, ctx, params)
    if (result instanceof JsonText) return { status: 200, body: null, json: result.text }
    if (result instanceof RawReply) return { status: result.response.status, body: null, raw: result.response }
    if (result instanceof Reply) return { status: result.status, body: result.body, headers: result.headers }
    return { status: 200, body: result }
  } catch (e) {
    const answer = mapError(e, ctx, input)
    if (answer.unexpected) logUnexpected(e, { requestId: ctx.requestId, route: `${route.method} ${route.path}` })
    return failed(answer)
  }
}
