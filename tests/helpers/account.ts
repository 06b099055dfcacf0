import { expect } from 'vitest'
import { visitor, type ApiClient } from './api'

/** The phone as stored: +7 and ten digits. */
export const digits = (p: string) => '+7' + p.replace(/\D/g, '').slice(1)

interface KitOptions {
  /** First two octets of the client addresses, e.g. '10.0'. */
  peerNet: string
  /** The phone's area code, e.g. '900'. */
  phoneArea: string
  firstPhoneSeq: number
  /** The registration body before the test's extra fields (password, fullname, ...), and the e-mail's prefix. */
  registration: { emailPrefix: string; password: string } & Record<string, unknown>
  /** Registration must answer 200. */
  expectRegistered?: boolean
  /** The outbox must hold a code for the phone (otherwise lastCode may answer undefined). */
  codeRequired?: boolean
}

/** Clients, phones and sign-ups of the account tests: one kit per test file (its own database). */
export function accountKit(o: KitOptions) {
  let peerSeq = 0
  let phoneSeq = o.firstPhoneSeq
  /**
   * Each client gets its own address in a /24 of its own, so per-address and per-network
   * throttling (the SMS budget of a /24) is tested only where meant.
   */
  const client = (locale = 'en') =>
    visitor({ locale, peer: `${o.peerNet}.${++peerSeq % 250}.${Math.floor(peerSeq / 250) + 1}` })
  const newPhone = () => `+7 (${o.phoneArea}) 000-${String(++phoneSeq).slice(0, 2)}-${String(phoneSeq).slice(2, 4)}`
  const { emailPrefix, ...body } = o.registration

  async function register(c: ApiClient, extra: Record<string, unknown> = {}) {
    const phone = newPhone()
    const email = `${emailPrefix}${phoneSeq}@example.com`
    const res = await c.post('/api/user-registration/', { phone, email, ...body, ...extra })
    if (o.expectRegistered) expect(res.status).toBe(200)
    return { res, phone, email, password: body.password }
  }

  const lastCode = async (c: ApiClient, phone: string) => {
    const res = await c.get('/api/dev/sms-outbox/', { phone })
    const list = res.body.list as { code: string }[]
    if (o.codeRequired) expect(list.length).toBeGreaterThan(0)
    return list[0]?.code as string
  }

  return { client, newPhone, register, lastCode, phoneSeq: () => phoneSeq, nextPhoneSeq: () => ++phoneSeq }
}

/** A code that is surely wrong: any other four digits than the right one. */
export const wrongOf = (code: string) => (code === '0000' ? '1111' : '0000')
