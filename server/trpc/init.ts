import { initTRPC, TRPCError } from '@trpc/server'
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'
import { ZodError } from 'zod'
import type { Ctx } from '../context'
import { AppError } from '../errors'
import { MAX_TRPC_BATCH } from '../contracts/batch'
import { logUnexpected, mapError, type Caller, type ErrorAnswer } from '../http/guard'

export interface TrpcContext extends Ctx {
  /** Called with the session cookie to send, when the session changed. */
  emitCookie?: (cookie: string) => void
  /** A cross-site mutation (server/http/guard.ts): every procedure of the request answers 403. */
  crossSite?: boolean
  /** The request was refused before its calls (a body over 1 MiB): every call answers this. */
  refusal?: AppError
}

const STATUS_TO_CODE: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
}
const codeOf = (status: number): TRPC_ERROR_CODE_KEY => STATUS_TO_CODE[status] ?? 'INTERNAL_SERVER_ERROR'

/** tRPC's own refusals (unknown procedure, bad batch, wrong method) in the shop's words. */
const PROTOCOL_KEYS: Partial<Record<TRPC_ERROR_CODE_KEY, [AppError['status'], string]>> = {
  NOT_FOUND: [404, 'api.routeNotFound'],
  METHOD_NOT_SUPPORTED: [405, 'api.methodNotAllowed'],
  PAYLOAD_TOO_LARGE: [413, 'api.payloadTooLarge'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'api.unsupportedMediaType'],
  BAD_REQUEST: [400, 'api.badBody'],
  PARSE_ERROR: [400, 'api.badBody'],
}

/** tRPC's message for a batch over `maxBatchSize` (@trpc/server 11, resolveResponse). */
const BATCH_TOO_LONG = 'Batch call exceeds maximum size'

/** An error already mapped by the boundary (server/http/guard.ts), with its answer. */
class MappedError extends TRPCError {
  constructor(
    readonly answer: ErrorAnswer,
    cause: unknown,
  ) {
    super({ code: codeOf(answer.status), message: answer.message, cause })
  }
}

/** The shared mapper applied to what tRPC hands over: the thrown value is the error's cause. */
function answerFor(error: TRPCError, caller: Caller, rawInput?: unknown): ErrorAnswer {
  if (error instanceof MappedError) return error.answer
  const cause = error.cause
  if (cause instanceof AppError || cause instanceof ZodError) return mapError(cause, caller, rawInput)
  // tRPC's refusal of a batch over the cap (handler.ts), before any context: in Russian.
  if (error.code === 'BAD_REQUEST' && error.message === BATCH_TOO_LONG)
    return mapError(new AppError(400, 'api.tooManyEntries', { max: MAX_TRPC_BATCH }), caller)
  const protocol = error.code === 'INTERNAL_SERVER_ERROR' ? undefined : PROTOCOL_KEYS[error.code]
  if (protocol) return mapError(new AppError(protocol[0], protocol[1]), caller)
  return mapError(cause ?? error, caller)
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const answer = answerFor(error, { locale: ctx?.locale ?? 'ru', requestId: ctx?.requestId ?? '' })
    const code = codeOf(answer.status)
    return {
      ...shape,
      message: answer.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: {
        ...shape.data,
        code,
        httpStatus: answer.status,
        stack: undefined,
        errors: answer.errors,
        extra: answer.extra,
        requestId: answer.requestId,
      },
    }
  },
})

/**
 * Maps every failure through the shared mapper (so callers in-process see the same status and
 * message as HTTP clients), logs the unexpected ones, refuses cross-site mutations, and hands
 * the session cookie over.
 */
const errorBoundary = t.middleware(async ({ ctx, next, path, getRawInput }) => {
  const refusal = ctx.crossSite ? new AppError(403, 'api.forbiddenOrigin') : ctx.refusal
  if (refusal) throw new MappedError(mapError(refusal, ctx), refusal)
  const result = await next()
  const cookie = ctx.session.setCookie
  if (cookie) ctx.emitCookie?.(cookie)
  if (!result.ok && !(result.error instanceof MappedError)) {
    const rawInput = result.error.cause instanceof ZodError ? await getRawInput().catch(() => undefined) : undefined
    const answer = answerFor(result.error, ctx, rawInput)
    if (answer.unexpected) logUnexpected(result.error.cause ?? result.error, { requestId: ctx.requestId, path })
    return { ...result, error: new MappedError(answer, result.error.cause ?? result.error) }
  }
  return result
})

export const createTRPCRouter = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(errorBoundary)
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.session.userId === null) throw new AppError(401, 'api.unauthorized')
  return next({ ctx: { ...ctx, userId: ctx.session.userId } })
})
