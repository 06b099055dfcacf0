import { env } from '../../env'
import { outboxProvider } from './outbox'
import type { SmsProvider } from './types'

export type { SmsMessage, SmsProvider } from './types'

const providers: Record<string, SmsProvider> = { outbox: outboxProvider }

/** The configured SMS gateway (SMS_PROVIDER). */
export function smsProvider(): SmsProvider {
  const p = providers[env().SMS_PROVIDER]
  if (!p) throw new Error(`Unknown SMS provider ${env().SMS_PROVIDER}`)
  return p
}

export const isOutbox = () => env().SMS_PROVIDER === 'outbox'
