import { z } from 'zod'

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, 'must look like file:./data/shop.db or file:/abs/path.db')
    .default('file:./data/shop.db'),
  /** The public origin of the site (scheme://host[:port]); used for CSRF and absolute links. Empty = from the request. */
  APP_ORIGIN: z.union([z.literal(''), z.url().transform((u) => new URL(u).origin)]).default(''),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  PAYMENT_PROVIDER: z.enum(['test']).default('test'),
  PAYMENT_SECRET: z.string().min(16, 'must be at least 16 characters').default('dev-payment-secret-change-me'),
  CALLTRACKING_URL: z.union([z.literal(''), z.url()]).default(''),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** OAuth test provider is built in; real providers need their client id and secret. */
  VK_CLIENT_ID: z.string().default(''),
  VK_CLIENT_SECRET: z.string().default(''),
  YANDEX_CLIENT_ID: z.string().default(''),
  YANDEX_CLIENT_SECRET: z.string().default(''),
})

export type Env = z.infer<typeof EnvSchema>

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in the environment mean "unset" for variables with defaults.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(
      ([k, v]) => k in EnvSchema.shape && !(v === '' && k !== 'APP_ORIGIN' && k !== 'CALLTRACKING_URL'),
    ),
  )
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
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

export function databasePath(url = env().DATABASE_URL): string {
  return url.replace(/^file:/, '')
}
