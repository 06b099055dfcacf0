import { smsOutbox } from '../../../db/schema'
import { env } from '../../env'
import { log } from '../../logger'
import type { SmsProvider } from './types'

/** `+79161234567` → `+7916*****67`: enough to tell numbers apart in a log, not to dial one. */
export const maskPhone = (phone: string) => phone.slice(0, 5) + '*****' + phone.slice(-2)

/**
 * Offline SMS: each message goes to the `sms_outbox` table (read by GET /api/dev/sms-outbox/)
 * and to the server log. Outside production the log line carries the phone and the text, so a
 * developer can sign in from the console; in production the text (which holds the code) is
 * never logged and the phone is masked.
 */
export const outboxProvider: SmsProvider = {
  name: 'outbox',
  async send(db, message) {
    await db
      .insert(smsOutbox)
      .values({ phone: message.phone, text: message.text, code: message.code ?? '', createdAt: Date.now() })
    if (env().NODE_ENV === 'production') log.info('SMS stored in the outbox', { phone: maskPhone(message.phone) })
    else log.info('SMS stored in the outbox', { phone: message.phone, text: message.text })
  },
}
