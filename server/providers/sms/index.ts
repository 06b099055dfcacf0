import { env } from '../../env'
import { outboxProvider } from './outbox'
import { smsRuProvider } from './smsru'
import type { SmsProvider } from './types'

export type { SmsMessage, SmsProvider } from './types'
export { SmsSendError, SMS_FAILURE_MESSAGE, type SmsFailure } from './errors'

const providers: Record<string, SmsProvider> = { outbox: outboxProvider, smsru: smsRuProvider }

/**
 * The configured SMS gateway (SMS_PROVIDER). `send` of a real gateway throws `SmsSendError`
 * when the text was refused or not sent: show its `messageKey`, start no resend wait.
 */
export function smsProvider(): SmsProvider {
  const p = providers[env().SMS_PROVIDER]
  if (!p) throw new Error(`Unknown SMS provider ${env().SMS_PROVIDER}`)
  return p
}

export const isOutbox = () => env().SMS_PROVIDER === 'outbox'
