import { maskPhone } from '../../providers/sms/outbox'

/**
 * A login as the log may show it: a phone masked (`+7916*****67`), an e-mail with its name cut
 * (`a***@example.com`). Enough to tell attempts apart, not to reach the person.
 */
export function maskLogin(login: string): string {
  const at = login.lastIndexOf('@')
  if (at >= 0) return `${login.slice(0, Math.min(1, at))}***${login.slice(at)}`
  return /^\+\d{11}$/.test(login) ? maskPhone(login) : '***'
}
