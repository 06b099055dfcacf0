import type { DB } from '../../../db/client'

/** One outgoing text. `code` is set for one-time codes (the outbox keeps it for the dev route). */
export interface SmsMessage {
  phone: string
  text: string
  code?: string
}

/** An SMS gateway. The built-in `outbox` stores messages locally; a real gateway is one file away. */
export interface SmsProvider {
  readonly name: string
  send(db: DB, message: SmsMessage): void | Promise<void>
}
