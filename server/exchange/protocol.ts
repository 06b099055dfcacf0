import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { closeSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, gt, lte } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { getDb } from '../db'
import { exchangeImports, exchangeSessions } from '../../db/schema'
import { parseCookies } from '../auth/session'
import { hit, reset, waitSeconds, type Limit } from '../auth/throttle'
import { pickLocale, type Locale } from '../contracts/i18n'
import { env } from '../env'
import { AppError } from '../errors'
import { log } from '../logger'
import { limitKey, peerAddress } from '../net/peer'
import { clientAddress } from '../net/trusted-proxies'
import { importStep } from './catalog-import'
import { resetImport } from './catalog-import'
import {
  appendUpload,
  clearSessionDir,
  lastWrite,
  removeSessionDir,
  safeRelativePath,
  unpackZip,
  unpackZips,
  unzipAllowance,
  uploadPath,
} from './files'
import { msg, Refused, type MessageKey } from './messages'
import { saleImport, saleQuery, saleSuccess } from './sale'

/**
 * `/exchange/1c/`: 1C:Enterprise's standard "обмен с сайтом" protocol (the one 1C-Bitrix
 * speaks), plain-text answers, one item a line (api-contract §12, docs/1c-exchange.md):
 *
 *   ?type=catalog|sale&mode=checkauth   HTTP Basic → success\n<cookie name>\n<cookie value>
 *   mode=init                            → zip=yes\nfile_limit=<bytes>
 *   POST mode=file&filename=…            body appended to the file → success
 *   mode=import&filename=…               → progress\n<what was done> … success, or failure\n<reason>
 *   type=sale: mode=query (XML), mode=success, POST mode=file (orders back from 1C)
 *
 * Every call after checkauth carries the cookie; the session (only the token's hash is stored)
 * keeps its own upload folder and import states.
 */

export const EXCHANGE_COOKIE = 'exchange_1c'
/** The largest part 1C may send in one `mode=file` call (it splits bigger files itself). */
export const FILE_LIMIT = 8 * 1024 * 1024
const SESSION_TTL_MS = 12 * 60 * 60 * 1000
/** A later checkauth removes the uploads of a session idle this long whose imports are over. */
const FOLDER_KEEP_MS = 30 * 60 * 1000

/**
 * Wrong exchange passwords per client address (an IPv6 client by its /64): 10 in 15 minutes,
 * then every checkauth from there, a right password included, answers 429 until the window ends.
 * 1C itself signs in once per exchange, so only a guesser (or a misconfigured node) gets there.
 */
export const WRONG_PASSWORDS_PER_IP: Limit = { max: 10, windowMs: 15 * 60 * 1000 }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  })
}
/**
 * A query value named back in a reason: letters, digits and `. _ - /` as they are, anything
 * else as `?`, at most 100 characters (the answer never carries markup or line breaks).
 */
const shown = (value: string) => {
  const safe = value.replace(/[^\p{L}\p{N}._\-/ ]/gu, '?')
  return safe.length > 100 ? safe.slice(0, 100) + '…' : safe
}
const failure = (reason: string, status = 200, headers: Record<string, string> = {}) =>
  text(`failure\n${reason.replace(/\r?\n/g, ' ')}`, status, headers)

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b) && given.length === expected.length
}

/** Login and password from `Authorization: Basic …`, or null. */
function basicAuth(request: Request): { login: string; password: string } | null {
  const h = request.headers.get('authorization')
  const m = h ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(h) : null
  if (!m) return null
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const i = decoded.indexOf(':')
  if (i < 0) return null
  return { login: decoded.slice(0, i), password: decoded.slice(i + 1) }
}

async function checkauth(db: DB, request: Request, locale: Locale): Promise<Response> {
  const challenge = { 'www-authenticate': 'Basic realm="1C exchange", charset="UTF-8"' }
  const auth = basicAuth(request)
  if (!auth) return failure(msg(locale, 'exchange1c.auth.missing'), 401, challenge)
  const e = env()
  const address = clientAddress(peerAddress(request), request.headers.get('x-forwarded-for'), e.TRUSTED_PROXIES)
  const key = `exchange1c:ip:${limitKey(address)}`
  const throttled = (seconds: number) => {
    log.warn('1C exchange: checkauth throttled after wrong passwords', { address, seconds })
    return failure(msg(locale, 'exchange1c.auth.throttled', { seconds }), 429, { 'retry-after': String(seconds) })
  }
  // A full window refuses before the password is even compared: guessing learns nothing there.
  const wait = await waitSeconds(db, key, WRONG_PASSWORDS_PER_IP)
  if (wait > 0) return throttled(wait)
  if (!sameSecret(auth.login, e.EXCHANGE_1C_LOGIN) || !sameSecret(auth.password, e.EXCHANGE_1C_PASSWORD)) {
    log.warn('1C exchange: wrong login or password', { address })
    try {
      await hit(db, key, WRONG_PASSWORDS_PER_IP)
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return throttled(Number(err.extra?.timeout) || 1)
      throw err
    }
    return failure(msg(locale, 'exchange1c.auth.wrong'), 401, challenge)
  }
  await reset(db, key)
  const now = Date.now()
  // Expired sessions leave with their uploads.
  for (const old of await db
    .select({ id: exchangeSessions.id })
    .from(exchangeSessions)
    .where(lte(exchangeSessions.expiresAt, now))) {
    await db.delete(exchangeImports).where(eq(exchangeImports.sessionId, old.id))
    await db.delete(exchangeSessions).where(eq(exchangeSessions.id, old.id))
    removeSessionDir(old.id)
  }
  // Uploads of earlier exchanges are not needed once nothing was written to them for a while and
  // no import of theirs runs (a catalog of 50,000 offers leaves ~150 MB): their folders go, the
  // sessions stay until they expire.
  for (const old of await db
    .select({ id: exchangeSessions.id })
    .from(exchangeSessions)
    .where(lte(exchangeSessions.createdAt, now - FOLDER_KEEP_MS))) {
    const [running] = await db
      .select({ id: exchangeImports.id })
      .from(exchangeImports)
      .where(and(eq(exchangeImports.sessionId, old.id), eq(exchangeImports.status, 'running')))
      .limit(1)
    if (!running && lastWrite(old.id) < now - FOLDER_KEEP_MS) removeSessionDir(old.id)
  }
  const token = randomBytes(32).toString('base64url')
  await db.insert(exchangeSessions).values({ id: hashToken(token), createdAt: now, expiresAt: now + SESSION_TTL_MS })
  return text(`success\n${EXCHANGE_COOKIE}\n${token}`)
}

/** The session the cookie names, or the failure to answer. */
async function sessionOf(db: DB, request: Request, locale: Locale): Promise<{ id: string } | Response> {
  const token = parseCookies(request.headers.get('cookie'))[EXCHANGE_COOKIE]
  if (!token) return failure(msg(locale, 'exchange1c.cookie.missing'))
  const [row] = await db
    .select({ id: exchangeSessions.id })
    .from(exchangeSessions)
    .where(and(eq(exchangeSessions.id, hashToken(token)), gt(exchangeSessions.expiresAt, Date.now())))
  return row ?? failure(msg(locale, 'exchange1c.cookie.expired'))
}

/**
 * The XML documents of a sale upload: the file itself, or the .xml entries of a zip (unpacked
 * streaming under the same caps as the catalog's, into a folder of their own; at most 64 MB).
 */
async function saleDocuments(sessionId: string, rel: string): Promise<string[]> {
  const path = uploadPath(sessionId, rel)
  const decode = (b: Uint8Array) => new TextDecoder('utf-8').decode(b).replace(/^\uFEFF/, '')
  const head = new Uint8Array(2)
  const fd = openSync(path, 'r')
  try {
    readSync(fd, head, 0, 2, 0)
  } finally {
    closeSync(fd)
  }
  if (head[0] !== 0x50 || head[1] !== 0x4b) {
    if (statSync(path).size > SALE_UNZIP_MAX)
      throw new Refused('exchange1c.sale.tooBig', { filename: rel, mb: SALE_UNZIP_MAX / 2 ** 20 })
    return [decode(readFileSync(path))]
  }
  const dir = uploadPath(sessionId, `sale-unpacked/${rel.replace(/\//g, '__')}`)
  rmSync(dir, { recursive: true, force: true })
  try {
    const allowed = Math.min(SALE_UNZIP_MAX, unzipAllowance(statSync(path).size))
    const names = await unpackZip(path, dir, allowed, (name) => name.toLowerCase().endsWith('.xml'))
    return names.map((name) => decode(readFileSync(join(dir, name))))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
/** What a file (or a zip) of orders from 1C may be or unpack to: its documents are read into memory. */
const SALE_UNZIP_MAX = 64 * 1024 * 1024

export async function handleExchangeRequest(request: Request, db: DB = getDb()): Promise<Response> {
  const e = env()
  if (!e.EXCHANGE_1C_LOGIN)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const url = new URL(request.url)
  const type = url.searchParams.get('type') ?? ''
  const mode = url.searchParams.get('mode') ?? ''
  const filename = url.searchParams.get('filename')
  const locale = pickLocale(undefined, request.headers.get('accept-language'))
  try {
    if (type !== 'catalog' && type !== 'sale')
      return failure(msg(locale, 'exchange1c.type.unknown', { type: shown(type) }))
    if (mode === 'checkauth') return await checkauth(db, request, locale)
    const session = await sessionOf(db, request, locale)
    if (session instanceof Response) return session
    const sid = session.id

    if (mode === 'init') {
      clearSessionDir(sid)
      await db.delete(exchangeImports).where(eq(exchangeImports.sessionId, sid))
      return text(`zip=yes\nfile_limit=${FILE_LIMIT}`)
    }

    if (mode === 'file' || mode === 'import') {
      if (!filename) return failure(msg(locale, 'exchange1c.filename.missing'))
      const rel = safeRelativePath(filename)
      if (!rel) return failure(msg(locale, 'exchange1c.filename.bad', { filename: shown(filename) }))
      if (mode === 'file') {
        if (request.method !== 'POST') return failure(msg(locale, 'exchange1c.method'))
        const declared = Number(request.headers.get('content-length') ?? '0')
        if (declared > FILE_LIMIT) return failure(msg(locale, 'exchange1c.file.tooBig', { limit: FILE_LIMIT }))
        await appendUpload(sid, rel, request.body, FILE_LIMIT)
        if (type === 'sale') {
          for (const xml of await saleDocuments(sid, rel)) {
            const r = await saleImport(db, xml)
            if (!r.ok) return failure(r.reason)
          }
          return text('success')
        }
        await resetImport(db, sid, rel)
        return text('success')
      }
      if (type === 'catalog') {
        try {
          if (await unpackZips(sid)) return text(`progress\n${msg(locale, 'exchange1c.zip.done')}`)
        } catch (err) {
          if (err instanceof Refused) return failure(err.text(locale))
          return failure(msg(locale, 'exchange1c.zip.bad', { detail: (err as Error).message }))
        }
        const r = await importStep(db, sid, rel, locale)
        if (r.status === 'failure') return failure(r.reason)
        return text(`${r.status}\n${r.message}`)
      }
    }

    if (type === 'sale' && mode === 'query') {
      return new Response(await saleQuery(db), {
        headers: {
          'content-type': 'application/xml; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    }
    if (type === 'sale' && mode === 'success') {
      await saleSuccess(db)
      return text('success')
    }
    return failure(msg(locale, 'exchange1c.mode.unknown' satisfies MessageKey, { mode: shown(mode), type }))
  } catch (err) {
    if (err instanceof Refused) return failure(err.text(locale))
    log.error('1C exchange failed', { type, mode, error: (err as Error).stack })
    return failure(msg(locale, 'exchange1c.internal', { detail: (err as Error).message }))
  }
}
