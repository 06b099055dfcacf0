import type { DB } from '../../db/client'
import type { Ctx } from '../context'
import { hit, tooMany, waitSeconds, type Limit } from '../auth/throttle'
import { isRussianMobile } from '../contracts/phone'
import { env } from '../env'
import { AppError } from '../errors'
import { log } from '../logger'
import { networkKey } from '../net/peer'
import { LIMITS } from './account/limits'

/**
 * What the shop's paid texts may cost (issue 25 §3, ADR 040): texts go to Russian mobile
 * numbers only; each client address (20 an hour) and each /24 network (/48 for IPv6, 40 an hour)
 * has its share; the whole shop has SMS_HOURLY_BUDGET an hour. Codes and stock alerts to phones
 * no account has proven spend the budget.
 */

const HOUR = 60 * 60_000

const BUDGET_KEY = 'sms:budget'
const budget = (): Limit => ({ max: env().SMS_HOURLY_BUDGET, windowMs: HOUR })

/** 422 on `field` unless `phone` (normalised) is a Russian mobile number. */
export function assertMobile(phone: string, field = 'phone'): void {
  if (!isRussianMobile(phone)) throw new AppError(422, 'sms.notMobile', {}, { errors: { [field]: 'sms.notMobile' } })
}

/** One text asked for by this client: its address and its network (429 when either is spent). */
export async function countClientSms(ctx: Ctx): Promise<void> {
  await hit(ctx.db, `sms:ip:${ctx.clientIp}`, LIMITS.smsPerIp)
  const network = networkKey(ctx.clientIp, 24, 48)
  try {
    await hit(ctx.db, `sms:net:${network}`, LIMITS.smsPerNetwork)
  } catch (e) {
    log.warn('SMS limit of a network reached', { requestId: ctx.requestId, network })
    throw e
  }
}

const budgetSpent = (seconds: number) => tooMany(seconds, 'sms.budgetSpent')

/** The operator hears once per window and process, not once per refused request. */
let reportedUntil = 0

function report(seconds: number, now: number) {
  if (now < reportedUntil) return
  reportedUntil = now + seconds * 1000
  log.error('SMS hourly budget spent', {
    budget: env().SMS_HOURLY_BUDGET,
    resumesAt: new Date(reportedUntil).toISOString(),
    hint: 'codes and alerts wait until then; raise SMS_HOURLY_BUDGET if this is real demand',
  })
}

/** One paid text of the shop's hourly budget; 429 "try later or call" (and a log line) once spent. */
export async function spendSmsBudget(db: DB, now = Date.now()): Promise<void> {
  try {
    await hit(db, BUDGET_KEY, budget(), now)
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 429) throw e
    const seconds = Number(e.extra.timeout) || 1
    report(seconds, now)
    throw budgetSpent(seconds)
  }
}

/** The same 429 as spendSmsBudget when the budget is spent, without spending any. */
export async function assertSmsBudgetLeft(db: DB, now = Date.now()): Promise<void> {
  const wait = await waitSeconds(db, BUDGET_KEY, budget(), now)
  if (wait > 0) {
    report(wait, now)
    throw budgetSpent(wait)
  }
}
