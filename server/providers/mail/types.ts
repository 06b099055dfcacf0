import type { DB } from '../../../db/client'

/** One outgoing letter (plain text). `code` is set for one-time codes (the outbox keeps it for the dev route). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  code?: string
}

/** A way to send e-mail: the demo `outbox` keeps letters in a table, `smtp` sends them. */
export interface MailProvider {
  readonly name: string
  send(db: DB, message: MailMessage): Promise<void>
}
