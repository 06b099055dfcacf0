import nodemailer from 'nodemailer'
import { env } from '../../env'
import { log } from '../../logger'
import { MailSendError, maskEmail } from './errors'
import type { MailProvider } from './types'

/**
 * MAIL_PROVIDER=smtp: letters go out through the server of SMTP_URL
 * (`smtp://user:pass@host:587` upgrades with STARTTLS when offered, `smtps://…:465` is TLS from
 * the start; nodemailer reads further options from the URL's query), From: MAIL_FROM. Each send
 * is bounded in time — the shopper waits on it — and is not repeated: SMTP has no way to tell
 * whether a letter cut off mid-answer was taken, and a new code replaces the old one anyway.
 * The log names the masked address and the server's answer, never the text (it holds the code).
 */

export interface SmtpOptions {
  url: string
  from: string
  connectionTimeoutMs?: number
  socketTimeoutMs?: number
}

type Transport = ReturnType<typeof nodemailer.createTransport>

export function createSmtpProvider(settings: () => SmtpOptions): MailProvider {
  let transport: { key: string; t: Transport } | undefined
  const transporter = (o: SmtpOptions): Transport => {
    const key = `${o.url}\n${o.connectionTimeoutMs}\n${o.socketTimeoutMs}`
    if (transport?.key !== key) {
      transport?.t.close()
      transport = {
        key,
        t: nodemailer.createTransport({
          url: o.url,
          connectionTimeout: o.connectionTimeoutMs ?? 10_000,
          greetingTimeout: o.connectionTimeoutMs ?? 10_000,
          socketTimeout: o.socketTimeoutMs ?? 20_000,
          disableFileAccess: true,
          disableUrlAccess: true,
        }),
      }
    }
    return transport.t
  }

  return {
    name: 'smtp',
    async send(_db, message) {
      const o = settings()
      const to = maskEmail(message.to)
      try {
        const info = (await transporter(o).sendMail({
          from: o.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        })) as { messageId?: string; rejected?: unknown[] }
        if (Array.isArray(info.rejected) && info.rejected.length > 0)
          throw new MailSendError('address', null, 'the mail server refused the recipient')
        log.info('Letter sent by SMTP', { to, messageId: info.messageId })
      } catch (err) {
        const e = err instanceof MailSendError ? err : fromSmtpError(err)
        log.error('Letter not sent', { to, reason: e.reason, smtpCode: e.smtpCode, error: e.message })
        throw e
      }
    },
  }
}

function fromSmtpError(err: unknown): MailSendError {
  const e = err as { responseCode?: unknown; command?: unknown; code?: unknown; message?: unknown }
  const smtpCode = typeof e.responseCode === 'number' ? e.responseCode : null
  const command = typeof e.command === 'string' ? e.command : ''
  // A permanent refusal of the recipient (550 no such user, 553 bad address, 501 syntax) is the address's fault.
  const address = smtpCode !== null && smtpCode >= 500 && /^RCPT/i.test(command)
  const detail = [typeof e.code === 'string' ? e.code : '', command, smtpCode ?? ''].filter(Boolean).join(' ')
  return new MailSendError(address ? 'address' : 'unavailable', smtpCode, `SMTP failed: ${detail || 'error'}`)
}

/** MAIL_PROVIDER=smtp, configured from SMTP_URL and MAIL_FROM. */
export const smtpProvider: MailProvider = createSmtpProvider(() => ({ url: env().SMTP_URL, from: env().MAIL_FROM }))
