import { createServer as createTcpServer, type Server, type Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTests } from '../../server/env'
import { mailProvider, MailSendError } from '../../server/providers/mail'
import { createSmtpProvider, type SmtpOptions } from '../../server/providers/mail/smtp'
import { visitor } from '../helpers/api'
import { db, rows } from '../helpers/db'
import { captureLogs } from '../helpers/logs'

/**
 * The mail provider (MAIL_PROVIDER=outbox|smtp|none). SMTP is tested over real TCP against a
 * local SMTP server (the `smtp-server` package): what arrives on the wire, a refused recipient,
 * wrong credentials, a server that is down or silent — and never a code in the log.
 */

interface Received {
  from: string
  to: string[]
  user: string
  raw: string
}

const USER = 'shop'
const PASS = 'smtp-secret-0123'
const received: Received[] = []
let smtp: SMTPServer
let port = 0

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASS) cb(null, { user: USER })
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('nobody@')) cb(Object.assign(new Error('No such user'), { responseCode: 550 }))
      else cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user ?? ''),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        cb()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  port = (smtp.server.address() as { port: number }).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  setEnvForTests({})
})

afterEach(() => {
  received.length = 0
  setEnvForTests({})
})

const options = (over: Partial<SmtpOptions> = {}): SmtpOptions => ({
  url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
  from: 'Магазин <shop@example.ru>',
  connectionTimeoutMs: 2000,
  socketTimeoutMs: 2000,
  ...over,
})
const letter = { to: 'anna.smirnova@example.com', subject: 'Код подтверждения', text: 'Ваш код: 7351', code: '7351' }

/** `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words of a header, decoded. */
const decodeWords = (v: string) =>
  v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
/** The text body of a single-part letter, decoded from its transfer encoding. */
function body(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const text = rest.join('\n\n')
  const enc = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase()
  if (enc === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') {
    const bytes = text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8').trim()
  }
  return text.trim()
}
const header = (raw: string, name: string) => {
  const m = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)
  return m ? decodeWords(m[1]!.replace(/\r?\n[ \t]/g, ' ')) : undefined
}

describe('MAIL_PROVIDER', () => {
  it('outbox by default, smtp, and none (no provider: the caller decides)', () => {
    expect(mailProvider()?.name).toBe('outbox')
    setEnvForTests({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'shop@example.ru' })
    expect(mailProvider()?.name).toBe('smtp')
    setEnvForTests({ MAIL_PROVIDER: 'none' })
    expect(mailProvider()).toBeNull()
  })
})

describe('outbox (demo)', () => {
  it('keeps the letter and shows it at GET /api/dev/mail-outbox/, newest first', async () => {
    const outbox = mailProvider()!
    await outbox.send(db(), { ...letter, to: 'Olga@Example.com', code: '1111' })
    await new Promise((r) => setTimeout(r, 5))
    await outbox.send(db(), { ...letter, to: 'olga@example.com', code: '2222', text: 'Ваш код: 2222' })
    await outbox.send(db(), { ...letter, to: 'someone.else@example.com', code: '3333' })

    const res = await visitor().get('/api/dev/mail-outbox/', { email: ' OLGA@example.com ' })
    expect(res.status).toBe(200)
    expect(res.body.list).toHaveLength(2)
    expect(res.body.list[0]).toEqual({
      email: 'olga@example.com',
      subject: letter.subject,
      text: 'Ваш код: 2222',
      code: '2222',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(res.body.list[1].code).toBe('1111')
  })

  it('a bad e-mail is a 422 with the field named; with another provider the route is 404', async () => {
    const bad = await visitor({ locale: 'en' }).get('/api/dev/mail-outbox/', { email: 'not-an-email' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('email')
    expect((await visitor().get('/api/dev/mail-outbox/')).status).toBe(422)

    await mailProvider()!.send(db(), { ...letter, to: 'hidden@example.com' })
    for (const env of [
      { MAIL_PROVIDER: 'none' },
      { MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'shop@example.ru' },
    ]) {
      setEnvForTests(env)
      expect((await visitor().get('/api/dev/mail-outbox/', { email: 'hidden@example.com' })).status).toBe(404)
    }
  })
})

describe('smtp over real TCP', () => {
  it('delivers From MAIL_FROM to the address, subject and text intact, signed in with the URL credentials', async () => {
    const provider = createSmtpProvider(() => options())
    await provider.send(db(), letter)
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail!.from).toBe('shop@example.ru')
    expect(mail!.to).toEqual(['anna.smirnova@example.com'])
    expect(mail!.user).toBe(USER)
    expect(header(mail!.raw, 'Subject')).toBe('Код подтверждения')
    expect(header(mail!.raw, 'From')).toMatch(/Магазин.*<shop@example\.ru>/)
    expect(header(mail!.raw, 'To')).toBe('anna.smirnova@example.com')
    expect(body(mail!.raw)).toBe('Ваш код: 7351')
  })

  it('stores nothing in the outbox', async () => {
    const before = (await rows('SELECT id FROM mail_outbox')).length
    await createSmtpProvider(() => options()).send(db(), letter)
    expect(await rows('SELECT id FROM mail_outbox')).toHaveLength(before)
  })

  it('a refused recipient is a MailSendError "address" with the SMTP code', async () => {
    const e = await createSmtpProvider(() => options())
      .send(db(), { ...letter, to: 'nobody@example.com' })
      .catch((err: unknown) => err)
    expect(e).toBeInstanceOf(MailSendError)
    expect([(e as MailSendError).reason, (e as MailSendError).smtpCode]).toEqual(['address', 550])
    expect(received).toHaveLength(0)
  })

  it('wrong credentials: "unavailable" (the shop must fix its configuration), 535', async () => {
    const e = await createSmtpProvider(() => options({ url: `smtp://${USER}:wrong@127.0.0.1:${port}` }))
      .send(db(), letter)
      .catch((err: unknown) => err)
    expect(e).toBeInstanceOf(MailSendError)
    expect([(e as MailSendError).reason, (e as MailSendError).smtpCode]).toEqual(['unavailable', 535])
  })

  it('server down: "unavailable"', async () => {
    const closed = await listenThenClose()
    const e = await createSmtpProvider(() => options({ url: `smtp://127.0.0.1:${closed}` }))
      .send(db(), letter)
      .catch((err: unknown) => err)
    expect(e).toBeInstanceOf(MailSendError)
    expect((e as MailSendError).reason).toBe('unavailable')
  })

  it('a server that never greets: the send ends at its timeout', async () => {
    const sockets: Socket[] = []
    const silent: Server = createTcpServer((s) => sockets.push(s))
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
    const silentPort = (silent.address() as { port: number }).port
    const started = Date.now()
    const e = await createSmtpProvider(() =>
      options({ url: `smtp://127.0.0.1:${silentPort}`, connectionTimeoutMs: 300, socketTimeoutMs: 300 }),
    )
      .send(db(), letter)
      .catch((err: unknown) => err)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(e).toBeInstanceOf(MailSendError)
    expect((e as MailSendError).reason).toBe('unavailable')
    for (const s of sockets) s.destroy()
    await new Promise<void>((r) => silent.close(() => r()))
  })

  it('logs hold neither the text nor the code nor the full address', async () => {
    const provider = createSmtpProvider(() => options())
    const ok = await captureLogs(() => provider.send(db(), letter))
    const refused = await captureLogs(() => provider.send(db(), { ...letter, to: 'nobody@example.com' }))
    for (const { logs } of [ok, refused]) {
      expect(logs).not.toContain('7351')
      expect(logs).not.toContain(PASS)
      expect(logs).not.toContain('anna.smirnova@')
      expect(logs).not.toContain('nobody@')
    }
    expect(ok.logs).toContain('an***@example.com')
    expect(refused.logs).toContain('no***@example.com')
  })

  it('MAIL_PROVIDER=smtp reads SMTP_URL and MAIL_FROM', async () => {
    setEnvForTests({
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
      MAIL_FROM: 'orders@example.ru',
    })
    await mailProvider()!.send(db(), letter)
    expect(received.map((m) => m.from)).toEqual(['orders@example.ru'])
  })
})

function listenThenClose(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createTcpServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number }
      s.close(() => resolve(p))
    })
  })
}
