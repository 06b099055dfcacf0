import { desc, eq } from 'drizzle-orm'
import { mailOutbox } from '../../../db/schema'
import type { Ctx } from '../../context'
import { env, isDemo } from '../../env'
import { notFound } from '../../errors'
import { log } from '../../logger'
import { maskEmail } from './errors'
import type { MailProvider } from './types'

/** Addresses are kept and looked up in lower case (the account service lower-cases them too). */
const normalize = (email: string) => email.trim().toLowerCase()

/**
 * Demo e-mail: each letter goes to the `mail_outbox` table (read by GET /api/dev/mail-outbox/)
 * and to the server log. Outside NODE_ENV=production the log line carries the address and the
 * text, so a developer can read a code from the console; otherwise neither.
 */
export const mailOutboxProvider: MailProvider = {
  name: 'outbox',
  async send(db, message) {
    await db.insert(mailOutbox).values({
      email: normalize(message.to),
      subject: message.subject,
      text: message.text,
      code: message.code ?? '',
      createdAt: Date.now(),
    })
    if (env().NODE_ENV === 'production') log.info('Letter stored in the outbox', { to: maskEmail(message.to) })
    else log.info('Letter stored in the outbox', { to: message.to, subject: message.subject, text: message.text })
  },
}

/** GET /api/dev/mail-outbox/?email= — demo mode with MAIL_PROVIDER=outbox only, 404 otherwise. */
export async function mailOutboxList(ctx: Ctx, email: string) {
  if (!isDemo() || env().MAIL_PROVIDER !== 'outbox') throw notFound('api.routeNotFound')
  const list = await ctx.db
    .select({
      email: mailOutbox.email,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      code: mailOutbox.code,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.email, normalize(email)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(50)
  return { list: list.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) }
}
