import { env } from '../../env'
import { mailOutboxProvider } from './outbox'
import { smtpProvider } from './smtp'
import type { MailProvider } from './types'

export type { MailMessage, MailProvider } from './types'
export { MailSendError } from './errors'
export { mailOutboxList } from './outbox'

/**
 * The configured way to send e-mail (MAIL_PROVIDER): `outbox` (demo: the `mail_outbox` table),
 * `smtp` (SMTP_URL, MAIL_FROM), or null for `none` — the caller decides what a missing mail
 * service means. `send` rejects with MailSendError when the letter was not sent.
 */
export function mailProvider(): MailProvider | null {
  switch (env().MAIL_PROVIDER) {
    case 'outbox':
      return mailOutboxProvider
    case 'smtp':
      return smtpProvider
    case 'none':
      return null
  }
}
