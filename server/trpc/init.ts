import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import type { Ctx } from '../context'
import { AppError } from '../errors'
import { t as translate } from '../contracts/i18n'
import { errorMap, flattenErrors } from '../contracts/common'
import { log } from '../logger'

export interface TrpcContext extends Ctx {
  /** Called with the session cookie to send, when the session changed. */
  emitCookie?: (cookie: string) => void
}

const STATUS_TO_CODE = {
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
} as const

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause
    const locale = ctx?.locale ?? 'ru'
    let errors: Record<string, string> | undefined
    let extra: Record<string, unknown> | undefined
    if (cause instanceof ZodError) {
      // Re-run the messages through the locale's error map.
      errors = flattenErrors(new ZodError(cause.issues.map((i) => ({ ...i, message: errorMap(locale)(i as never) }))))
    } else if (cause instanceof AppError) {
      extra = cause.extra
      if (cause.extra.errors) {
        errors = Object.fromEntries(
          Object.entries(cause.extra.errors as Record<string, string>).map(([k, v]) => [k, translate(locale, v)]),
        )
      }
    }
    return { ...shape, data: { ...shape.data, stack: undefined, errors, extra } }
  },
})

/** Turns service errors into tRPC errors; logs the unexpected ones. */
const errorBoundary = t.middleware(async ({ ctx, next, path }) => {
  const result = await next()
  if (!result.ok) {
    const cause = result.error.cause
    if (cause instanceof AppError) {
      const err = new TRPCError({
        code: STATUS_TO_CODE[cause.status],
        message: translate(ctx.locale, cause.key, cause.params),
        cause,
      })
      return { ...result, error: err }
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') {
      log.error('Unhandled error in tRPC procedure', {
        requestId: ctx.requestId,
        path,
        error: result.error.cause?.stack ?? result.error.message,
      })
    }
  }
  const cookie = ctx.session.setCookie
  if (cookie) ctx.emitCookie?.(cookie)
  return result
})

export const createTRPCRouter = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(errorBoundary)
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.session.userId === null) throw new AppError(401, 'api.unauthorized')
  return next({ ctx: { ...ctx, userId: ctx.session.userId } })
})
