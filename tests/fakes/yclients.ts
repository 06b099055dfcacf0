/**
 * A local YCLIENTS for tests, written from YCLIENTS' public API documentation
 * (developer.yclients.com, "YCLIENTS REST API", group «Онлайн-запись» and «Записи пользователя»;
 * the API Blueprint of that page is kept in github.com/mkosinov/yclientsapi,
 * docs/yclients_official/yclientsru.apib). The endpoints a booking widget uses:
 *
 * - `GET /api/v1/book_services/{company_id}` → `{services: [{id, title, price_min, price_max,
 *   seance_length, …}], category: […]}`;
 * - `GET /api/v1/book_staff/{company_id}?service_ids[]=…&datetime=…` → `[{id, name,
 *   specialization, position: {id, title}, bookable, avatar, seance_date, …}]`;
 * - `GET /api/v1/book_dates/{company_id}?service_ids[]=…&staff_id=…&date=…` → `{booking_dates,
 *   booking_days, working_dates, working_days}`;
 * - `GET /api/v1/book_times/{company_id}/{staff_id}/{date}?service_ids[]=…` → `[{time: "12:00",
 *   seance_length: 3600, datetime: "2015-09-29T12:00:00+04:00"}]` (staff 0: any master);
 * - `POST /api/v1/book_check/{company_id}` `{appointments: [{id, services, staff_id, datetime}]}`
 *   → 201 and an empty answer when the visits can be made; 422 when one time is taken (code 433),
 *   no master is free for "any master" (436), two visits of the request overlap (437), a service
 *   is gone (438);
 * - `POST /api/v1/book_record/{company_id}` `{phone, fullname, email, comment, notify_by_sms,
 *   notify_by_email, appointments: […]}` → 201 `[{id, record_id, record_hash}]`; 422 for a
 *   phone not in the 79161502239 form (431), a taken time (433), no name (435), 436, 437;
 * - `DELETE /api/v1/user/records/{record_id}/{record_hash}` → 200, the visit is cancelled and
 *   its time free again.
 *
 * Every answer is the v2 envelope `{success, data, meta}`; an error has `success: false, data:
 * null, meta: {message}` (the documented example of book_check's 422). The documentation states
 * an error's code (433…) but shows no field carrying it, so this fake says it in the message
 * only — the provider must not depend on where a code would be.
 *
 * Every request must carry `Accept: application/vnd.yclients.v2+json` (else 406) and
 * `Authorization: Bearer <partner token>` — `, User <user token>` after it is allowed, and the
 * user-side cancel takes the record's hash or the user token — else 401.
 *
 * It keeps records, and can be told to fail the next calls (`failNext`: a hang — the caller's
 * timeout —, HTTP 500/503, a reset connection, an unreadable body), to have a time taken by
 * someone else (`occupy`), or to have the slot taken just before the next `book_record` runs
 * (`takeBeforeNextRecord`: the race between `book_times`/`book_check` and `book_record`).
 *
 * Staff work every day from `opens` to `closes` of the company's local time (fixed UTC offset),
 * on a grid of `stepMinutes`; a time is free when the whole visit fits in the day and meets no
 * record of that master, and is in the future (`now()`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import {
  createSchedule,
  DAY_MS,
  isoAt,
  parseDatetime,
  type FakeYclientsCompany,
  type FakeYclientsRecord,
  type Placed,
} from './yclients-schedule'

export type {
  FakeYclientsCompany,
  FakeYclientsRecord,
  FakeYclientsService,
  FakeYclientsStaff,
} from './yclients-schedule'

export const YCLIENTS_ACCEPT = 'application/vnd.yclients.v2+json'

export interface FakeYclientsRequest {
  method: string
  path: string
  /** Query parameters, repeated ones (`service_ids[]`) kept in order. */
  query: [string, string][]
  authorization: string
  accept: string
  contentType: string
  body: unknown
}

export type FakeYclientsFailure = 'hang' | 'http-500' | 'http-503' | 'reset' | 'garbage'

export interface FakeYclients {
  url: string
  partnerToken: string
  userToken: string
  requests: FakeYclientsRequest[]
  records: FakeYclientsRecord[]
  /** The next `times` calls (to paths starting with `only`, e.g. `/api/v1/book_record/`) fail this way. */
  failNext(kind: FakeYclientsFailure, times?: number, only?: string): void
  /** Someone else books this master at this time (another widget, the salon's front desk). */
  occupy(companyId: number, staffId: number, datetime: string, minutes?: number): FakeYclientsRecord
  /** The next book_record finds its first appointment's time taken by someone else just before it runs. */
  takeBeforeNextRecord(): void
  /** Requests to one path prefix (`/api/v1/book_times/`). */
  calls(prefix: string): FakeYclientsRequest[]
  reset(): void
  close(): Promise<void>
}

export interface FakeYclientsOptions {
  companies: FakeYclientsCompany[]
  partnerToken?: string
  userToken?: string
  port?: number
  host?: string
  now?: () => number
}

export function startFakeYclients(opts: FakeYclientsOptions): Promise<FakeYclients> {
  const partnerToken = opts.partnerToken ?? 'fake-partner-token-0123456789'
  const userToken = opts.userToken ?? 'fake-user-token-0123456789'
  const now = opts.now ?? Date.now
  const requests: FakeYclientsRequest[] = []
  const records: FakeYclientsRecord[] = []
  const failures: { kind: FakeYclientsFailure; only?: string }[] = []
  const sockets = new Set<Socket>()
  let takeNext = false

  const companies = new Map(opts.companies.map((c) => [c.id, c]))

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status, { 'content-length': '0' })
      res.end()
      return
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  const ok = (res: ServerResponse, data: unknown, status = 200) => send(res, status, { success: true, data, meta: [] })
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { success: false, data: null, meta: { message } })

  const { freeTimes, checkAppointments, staffOf, occupyAt, nextId } = createSchedule(records, now)

  function queryAll(url: URL, name: string): string[] {
    return [...url.searchParams.getAll(`${name}[]`), ...url.searchParams.getAll(name)]
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const chunks: Buffer[] = []
    for await (const ch of req) chunks.push(ch as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body: unknown = null
    if (raw) {
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
    }
    const record: FakeYclientsRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: [...url.searchParams.entries()],
      authorization: String(req.headers.authorization ?? ''),
      accept: String(req.headers.accept ?? ''),
      contentType: String(req.headers['content-type'] ?? ''),
      body,
    }
    requests.push(record)

    const at = failures.findIndex((f) => !f.only || url.pathname.startsWith(f.only))
    const failure = at >= 0 ? failures.splice(at, 1)[0]?.kind : undefined
    if (failure === 'hang') return // never answers; close() destroys the socket
    if (failure === 'reset') return req.socket.destroy()
    if (failure === 'http-500' || failure === 'http-503') {
      res.writeHead(failure === 'http-500' ? 500 : 503, { 'content-type': 'text/html' })
      return res.end('<html><body>Internal Server Error</body></html>')
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end('<html>bad gateway</html>')
    }

    if (record.accept !== YCLIENTS_ACCEPT) return error(res, 406, 'Не указана версия API в заголовке Accept')
    const auth = /^Bearer ([^,\s]+)(?:, User (\S+))?$/.exec(record.authorization)
    if (!auth || auth[1] !== partnerToken) return error(res, 401, 'Партнёр не авторизован')
    const userOk = auth[2] === userToken
    if (auth[2] !== undefined && !userOk) return error(res, 401, 'Пользователь не авторизован')

    const parts = url.pathname.replace(/\/+$/, '').split('/').slice(3) // after /api/v1
    const [resource, ...args] = parts
    const company = companies.get(Number(args[0]))
    const method = record.method

    if (resource === 'user' && args[0] === 'records' && method === 'DELETE') {
      const rec = records.find((r) => r.id === Number(args[1]))
      if (!rec || (!userOk && rec.hash !== args[2])) return error(res, 404, 'Запись не найдена')
      rec.deleted = true
      return send(res, 200)
    }
    if (!resource?.startsWith('book_')) return error(res, 404, 'Не найдено')
    if (!company) return error(res, 404, 'Компания не найдена')
    const serviceIds = queryAll(url, 'service_ids').map(Number)

    if (resource === 'book_services' && method === 'GET') {
      const staffId = Number(url.searchParams.get('staff_id') ?? 0)
      const staff = staffId ? staffOf(company, staffId) : undefined
      const services = company.services
        .filter((s) => !staffId || staff?.services.includes(s.id))
        .map((s) => ({
          id: s.id,
          title: s.title,
          category_id: 1,
          price_min: s.price_min,
          price_max: s.price_max,
          discount: 0,
          comment: '',
          weight: 0,
          active: 1,
          sex: 0,
          image: '',
          prepaid: 'forbidden',
          ...(staffId ? { seance_length: s.seance_length } : {}),
        }))
      return ok(res, { events: [], services, category: [{ id: 1, title: 'Услуги', sex: 0, api_id: 0, weight: 1 }] })
    }
    if (resource === 'book_staff' && method === 'GET') {
      const datetime = url.searchParams.get('datetime')
      const at = datetime ? parseDatetime(datetime, company.offset) : null
      const today = isoAt(now(), company.offset).slice(0, 10)
      const data = company.staff
        .filter((s) => serviceIds.every((id) => s.services.includes(id)))
        .map((s) => {
          let seance: string | undefined
          for (let d = 0; d < 30 && !seance; d++) {
            const date = isoAt(Date.parse(`${today}T12:00:00${company.offset}`) + d * DAY_MS, company.offset).slice(
              0,
              10,
            )
            if (freeTimes(company, s, date, serviceIds).length) seance = date
          }
          const bookable = at
            ? freeTimes(company, s, isoAt(at, company.offset).slice(0, 10), serviceIds).some((t) => t.start === at)
            : seance !== undefined
          return {
            id: s.id,
            name: s.name,
            bookable,
            specialization: s.specialization,
            position: s.position,
            show_rating: 1,
            rating: 5,
            votes_count: 0,
            avatar: s.avatar,
            comments_count: 0,
            weight: 0,
            information: '<span></span>',
            ...(bookable && seance ? { seance_date: seance } : {}),
            seances: [],
          }
        })
      return ok(res, data)
    }
    if (resource === 'book_dates' && method === 'GET') {
      const staffId = Number(url.searchParams.get('staff_id') ?? 0)
      const staff = staffId ? company.staff.filter((s) => s.id === staffId) : company.staff
      const from = url.searchParams.get('date') ?? isoAt(now(), company.offset).slice(0, 10)
      // Staff work every day but the company's days off; a booking day has a free time.
      const working: string[] = []
      const dates: string[] = []
      for (let d = 0; d < 31; d++) {
        const date = isoAt(Date.parse(`${from}T12:00:00${company.offset}`) + d * DAY_MS, company.offset).slice(0, 10)
        if (!company.daysOff?.includes(date)) working.push(date)
        if (staff.some((s) => freeTimes(company, s, date, serviceIds).length)) dates.push(date)
      }
      const byMonth = (list: string[]) => {
        const days: Record<string, string[]> = {}
        for (const date of list) (days[String(Number(date.slice(5, 7)))] ??= []).push(String(Number(date.slice(8, 10))))
        return days
      }
      return ok(res, {
        booking_days: byMonth(dates),
        booking_dates: dates,
        working_days: byMonth(working),
        working_dates: working,
      })
    }
    if (resource === 'book_times' && method === 'GET') {
      const staffId = Number(args[1])
      const date = args[2] ?? ''
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return error(res, 422, 'Неверный формат даты')
      if (staffId === 0) {
        const byStart = new Map<string, { time: string; seance_length: number; datetime: string }>()
        for (const s of company.staff)
          for (const t of freeTimes(company, s, date, serviceIds))
            byStart.set(t.datetime, { time: t.time, seance_length: t.seance_length, datetime: t.datetime })
        return ok(
          res,
          [...byStart.values()].sort((a, b) => a.datetime.localeCompare(b.datetime)),
        )
      }
      const staff = staffOf(company, staffId)
      if (!staff) return error(res, 404, 'Сотрудник не найден')
      return ok(
        res,
        freeTimes(company, staff, date, serviceIds).map(({ time, seance_length, datetime }) => ({
          time,
          seance_length,
          datetime,
        })),
      )
    }
    if (resource === 'book_check' && method === 'POST') {
      const r = checkAppointments(company, body)
      if (typeof r[0] === 'number') {
        const [code, message] = r as [number, string]
        return error(res, 422, `${message} (${code})`)
      }
      return send(res, 201)
    }
    if (resource === 'book_record' && method === 'POST') {
      const b = (body ?? {}) as Record<string, unknown>
      if (takeNext) {
        takeNext = false
        const first = (b.appointments as Record<string, unknown>[] | undefined)?.[0]
        const at = first ? parseDatetime(first.datetime, company.offset) : null
        if (first && at !== null) occupyAt(company, Number(first.staff_id) || company.staff[0]!.id, at, 60)
      }
      const phone = typeof b.phone === 'string' ? b.phone : ''
      if (!/^\d{11}$/.test(phone)) return error(res, 422, 'Номер телефона в неправильном формате (431)')
      if (typeof b.fullname !== 'string' || !b.fullname.trim()) return error(res, 422, 'Не указано имя клиента (435)')
      const r = checkAppointments(company, body)
      if (typeof r[0] === 'number') {
        const [code, message] = r as [number, string]
        return error(res, 422, `${message} (${code})`)
      }
      const made = (r as Placed[]).map((p) => {
        const rec: FakeYclientsRecord = {
          id: nextId(),
          hash: randomBytes(16).toString('hex'),
          companyId: company.id,
          staffId: p.staffId,
          services: Array.isArray(p.a.services) ? p.a.services.map(Number) : [],
          datetime: isoAt(p.start, company.offset),
          start: p.start,
          end: p.end,
          phone,
          fullname: String(b.fullname),
          email: typeof b.email === 'string' ? b.email : '',
          comment: typeof b.comment === 'string' ? b.comment : '',
          notifyBySms: b.notify_by_sms,
          notifyByEmail: b.notify_by_email,
          deleted: false,
          online: true,
        }
        records.push(rec)
        return { id: p.a.id, record_id: rec.id, record_hash: rec.hash }
      })
      return ok(res, made, 201)
    }
    return error(res, 404, 'Не найдено')
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
        partnerToken,
        userToken,
        requests,
        records,
        failNext(kind, times = 1, only) {
          for (let i = 0; i < times; i++) failures.push({ kind, only })
        },
        occupy(companyId, staffId, datetime, minutes = 60) {
          const c = companies.get(companyId)
          if (!c) throw new Error(`no company ${companyId}`)
          const at = parseDatetime(datetime, c.offset)
          if (at === null) throw new Error(`bad datetime ${datetime}`)
          return occupyAt(c, staffId, at, minutes)
        },
        takeBeforeNextRecord() {
          takeNext = true
        },
        calls: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
        reset() {
          requests.length = 0
          records.length = 0
          failures.length = 0
          takeNext = false
        },
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
