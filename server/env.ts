import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { parseTrustedProxies } from './net/trusted-proxies'

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const

/** Secrets that were ever published (this repository, docs, examples): refused in production. */
const KNOWN_DEFAULT_SECRETS = new Set([
  'dev-payment-secret-change-me',
  'change-me',
  'changeme',
  'secret',
  'password',
  'test',
  'test-secret-key',
  'test_secret_key',
])
const MIN_SECRET_LENGTH = 16
const MAX_WEB_CONCURRENCY = 64
const WEB_CONCURRENCY_RULE = `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY} (empty: one per core)`

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** `demo` runs every built-in local part; `production` refuses them (docs/deploying.md). */
  SHOP_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** `npm start`: how many server processes share PORT (node:cluster, ADR 018); empty = one per core. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: WEB_CONCURRENCY_RULE })
    .int(WEB_CONCURRENCY_RULE)
    .min(1, WEB_CONCURRENCY_RULE)
    .max(MAX_WEB_CONCURRENCY, WEB_CONCURRENCY_RULE)
    .default(() => Math.min(MAX_WEB_CONCURRENCY, availableParallelism())),
  DATABASE_URL: z
    .string()
    .regex(
      /^(file:.+|postgres(ql)?:\/\/[^/]+\/[^/?]+)/,
      'must look like file:./data/shop.db, file:/abs/path.db or postgres://user:password@host:5432/shop (ADR 023)',
    )
    .default('file:./data/shop.db'),
  /** PostgreSQL: connections in each server process's pool (db/client.ts reads it; docs/deploying.md §10). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number of connections from 1 to 200' })
    .int('must be a whole number of connections from 1 to 200')
    .min(1, 'must be a whole number of connections from 1 to 200')
    .max(200, 'must be a whole number of connections from 1 to 200')
    .default(10),
  /** The public origin of the site (scheme://host[:port]); used for CSRF and absolute links. Empty = from the request. */
  APP_ORIGIN: z.union([z.literal(''), z.url().transform((u) => new URL(u).origin)]).default(''),
  /** Addresses and CIDR ranges of proxies whose X-Forwarded-For is believed (right to left). */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseTrustedProxies(v)
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message })
        return z.NEVER
      }
    }),
  SMS_PROVIDER: z.enum(['outbox', 'smsru']).default('outbox'),
  /** SMS.ru: the api_id from the account's settings. */
  SMSRU_API_ID: z.string().default(''),
  SMSRU_API_URL: z.url().default('https://sms.ru'),
  /** SMS.ru: an approved sender name; empty = the account's default. */
  SMSRU_FROM: z.string().default(''),
  /**
   * Paid texts the whole shop may send in an hour (codes and stock alerts to unverified phones,
   * ADR 040); once spent, code requests answer 429 "try later or call" and the log says so.
   */
  SMS_HOURLY_BUDGET: z.coerce
    .number({ error: 'must be a whole number of texts an hour, at least 1' })
    .int('must be a whole number of texts an hour, at least 1')
    .min(1, 'must be a whole number of texts an hour, at least 1')
    .default(200),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp', 'none']).default('outbox'),
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  SMTP_URL: z.union([z.literal(''), z.url()]).default(''),
  MAIL_FROM: z.string().default(''),
  PAYMENT_PROVIDER: z.enum(['test', 'yookassa']).default('test'),
  /** HMAC key of the built-in test acquirer's notifications (demo only). */
  PAYMENT_SECRET: z.string().min(16, 'must be at least 16 characters').default('dev-payment-secret-change-me'),
  YOOKASSA_SHOP_ID: z.string().default(''),
  YOOKASSA_SECRET_KEY: z.string().default(''),
  YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
  /** 54-FZ receipt: VAT code of every line (1 = без НДС), and the shop's tax system (1–6, empty = omit). */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  YOOKASSA_TAX_SYSTEM_CODE: z.union([z.literal(''), z.coerce.number().int().min(1).max(6)]).default(''),
  /** Minutes an unpaid online order holds its stock before it is cancelled. */
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /**
   * Minutes an order nothing is paid for yet (one-click, on delivery, invoice) holds its stock
   * until the customer confirms the phone by SMS or 1C takes it; then it is cancelled (issue 25).
   */
  UNCONFIRMED_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** Salon booking (issue 26, ADR 044): `local` = the built-in schedule in the database; `yclients` = YCLIENTS. */
  BOOKING_PROVIDER: z.enum(['local', 'yclients']).default('local'),
  /** Hours before a visit until which the shopper may cancel or move it online (later: call the salon). */
  BOOKING_CANCEL_HOURS: z.coerce.number().int().min(0).max(24 * 14).default(12),
  CALLTRACKING_URL: z.union([z.literal(''), z.url()]).default(''),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** `npm run db:backup`: the folder of the copies, and how many of them to keep (0 = all). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP: z.coerce.number().int().min(0).default(14),
  /** Real OAuth providers need their client id and secret; the built-in test provider is demo only. */
  VK_CLIENT_ID: z.string().default(''),
  VK_CLIENT_SECRET: z.string().default(''),
  YANDEX_CLIENT_ID: z.string().default(''),
  YANDEX_CLIENT_SECRET: z.string().default(''),
  /** 1C exchange (`/exchange/1c/`, docs/1c-exchange.md): HTTP Basic login and password; no login = the endpoint is 404. */
  EXCHANGE_1C_LOGIN: z.string().default(''),
  EXCHANGE_1C_PASSWORD: z.string().default(''),
  /** The name of 1C's price type that is the shop's retail price, and an optional one used as the old price. */
  PRICE_TYPE_1C: z.string().min(1).default('Розничная'),
  PRICE_TYPE_1C_OLD: z.string().default(''),
  /** Where files uploaded by 1C (and the images taken from them) are kept. */
  EXCHANGE_1C_DIR: z.string().min(1).default('./data/1c-exchange'),
  /** Caps on what 1C uploads (docs/1c-exchange.md, ADR 041): one file's size across all its parts, in bytes; */
  EXCHANGE_1C_FILE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  /** everything one zip archive unpacks to, in bytes, and at most this many times the archive's size (at least 16 MB). */
  EXCHANGE_1C_UNZIP_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 * 1024 * 1024),
  EXCHANGE_1C_UNZIP_RATIO: z.coerce.number().min(1).default(100),
})

export type Env = z.infer<typeof EnvSchema>

const ALLOW_EMPTY = new Set(['APP_ORIGIN', 'CALLTRACKING_URL', 'SMTP_URL', 'YOOKASSA_TAX_SYSTEM_CODE'])

function secretProblem(name: string, value: string): string | null {
  if (!value) return `${name}: must be set in production`
  if (value.length < MIN_SECRET_LENGTH) return `${name}: must be at least ${MIN_SECRET_LENGTH} characters`
  if (KNOWN_DEFAULT_SECRETS.has(value.toLowerCase())) return `${name}: is a published default, set your own`
  return null
}

/**
 * What stops a production start: one line per problem, each naming its variable. Empty in demo
 * mode, where every built-in local part is allowed.
 */
export function productionProblems(e: Env): string[] {
  if (e.SHOP_MODE !== 'production') return []
  const out: (string | null)[] = []
  if (!e.APP_ORIGIN) out.push('APP_ORIGIN: must be set in production (the public https origin of the shop)')
  if (e.SMS_PROVIDER === 'outbox') out.push('SMS_PROVIDER: outbox is a demo part, use smsru in production')
  if (e.SMS_PROVIDER === 'smsru') out.push(secretProblem('SMSRU_API_ID', e.SMSRU_API_ID))
  if (e.PAYMENT_PROVIDER === 'test') out.push('PAYMENT_PROVIDER: test is a demo part, use yookassa in production')
  if (e.PAYMENT_PROVIDER === 'yookassa') {
    if (!e.YOOKASSA_SHOP_ID) out.push('YOOKASSA_SHOP_ID: must be set in production')
    out.push(secretProblem('YOOKASSA_SECRET_KEY', e.YOOKASSA_SECRET_KEY))
  }
  if (e.MAIL_PROVIDER === 'outbox') out.push('MAIL_PROVIDER: outbox is a demo part, use smtp or none in production')
  if (e.MAIL_PROVIDER === 'smtp') {
    if (!e.SMTP_URL) out.push('SMTP_URL: must be set when MAIL_PROVIDER=smtp')
    if (!e.MAIL_FROM) out.push('MAIL_FROM: must be set when MAIL_PROVIDER=smtp')
  }
  if (e.VK_CLIENT_ID) out.push(secretProblem('VK_CLIENT_SECRET', e.VK_CLIENT_SECRET))
  if (e.YANDEX_CLIENT_ID) out.push(secretProblem('YANDEX_CLIENT_SECRET', e.YANDEX_CLIENT_SECRET))
  if (e.EXCHANGE_1C_LOGIN) out.push(secretProblem('EXCHANGE_1C_PASSWORD', e.EXCHANGE_1C_PASSWORD))
  return out.filter((x): x is string => x !== null)
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in the environment mean "unset" for variables with defaults.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => k in EnvSchema.shape && !(v === '' && !ALLOW_EMPTY.has(k))),
  )
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const problems = productionProblems(result.data)
  if (problems.length) {
    throw new Error(`SHOP_MODE=production refuses to start:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  return result.data
}

let cached: Env | undefined

/** The one parsed configuration object; raw process.env is read nowhere else. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** Tests swap configuration without touching process.env. */
export function setEnvForTests(overrides: Partial<Record<keyof Env, string>>) {
  cached = parseEnv({ ...process.env, ...overrides })
}

/** Demo mode: the built-in local parts (SMS outbox, test acquirer, test OAuth) may run. */
export const isDemo = () => env().SHOP_MODE === 'demo'

export function databasePath(url = env().DATABASE_URL): string {
  return url.replace(/^file:/, '')
}
