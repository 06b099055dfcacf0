/**
 * A letter that was not sent: `address` when the mail server refused the recipient (a
 * permanent 5xx answer to it), `unavailable` when the server could not be reached, refused us
 * or did not answer in time. The message names neither the text nor the full address.
 */
export class MailSendError extends Error {
  override readonly name = 'MailSendError'
  constructor(
    readonly reason: 'address' | 'unavailable',
    /** The SMTP reply code, when there was one. */
    readonly smtpCode: number | null,
    detail: string,
  ) {
    super(detail)
  }
}

/** `anna.smirnova@example.com` → `an***@example.com`, for logs. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return '***'
  return email.slice(0, Math.min(2, at)) + '***' + email.slice(at)
}
