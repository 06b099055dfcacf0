import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createWriteStream } from 'node:fs'
import { open, rm, truncate } from 'node:fs/promises'
import { once } from 'node:events'
import { type Duplex, PassThrough, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { Unzip, UnzipPassThrough } from 'fflate'
import { env } from '../env'
import { Refused } from './messages'

/**
 * Files of the 1C exchange, under EXCHANGE_1C_DIR:
 *   sessions/<session>/…          what 1C uploaded in one exchange session (import.xml,
 *                                 offers.xml, import_files/…/*.jpg), appended part by part;
 *   sessions/<session>/.staged/   the parsed items of each file (JSON lines) between import steps;
 *   media/<sha1>.<ext>            product images copied out of the uploads, served at /media/1c/.
 */

export const exchangeRoot = () => resolve(env().EXCHANGE_1C_DIR)
export const sessionDir = (sessionId: string) => join(exchangeRoot(), 'sessions', sessionId.slice(0, 32))
export const mediaDir = () => join(exchangeRoot(), 'media')
export const MEDIA_URL = '/media/1c/'

/**
 * 1C's `filename` as a path inside the session folder, or null when it is not safe: no `..`,
 * no absolute paths, no drive letters, no control characters. Backslashes (1C on Windows)
 * count as separators; a leading `/tmp/` or `upload/1c/webdata` (1C on Linux) is dropped,
 * as 1C-Bitrix does.
 */
export function safeRelativePath(filename: string): string | null {
  let f = filename.trim().replace(/\\/g, '/')
  f = f.replace(/^(\/tmp\/|upload\/1c\/webdata)/, '')
  f = f.replace(/^\/+|\/+$/g, '')
  if (!f || f.length > 255) return null
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f<>:"|?*]/.test(f)) return null
  const parts = f.split('/')
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('.'))) return null
  return parts.join('/')
}

/** The absolute path of a safe relative path inside `dir` (checked again after resolving). */
export function inside(dir: string, rel: string): string {
  const abs = resolve(dir, rel)
  if (!abs.startsWith(resolve(dir) + sep)) throw new Error(`path outside the exchange folder: ${rel}`)
  return abs
}

/**
 * Appends one `mode=file` part to the upload as it arrives (never the whole part in memory):
 * the part may not pass `partLimit` bytes, the file all parts make may not pass
 * EXCHANGE_1C_FILE_MAX. A part over either is refused while it streams, and what it wrote is cut
 * off again, so the file is as it was before the part.
 */
export async function appendUpload(
  sessionId: string,
  rel: string,
  body: ReadableStream<Uint8Array> | null,
  partLimit: number,
): Promise<void> {
  const abs = inside(sessionDir(sessionId), rel)
  mkdirSync(dirname(abs), { recursive: true })
  const fileMax = env().EXCHANGE_1C_FILE_MAX
  const file = await open(abs, 'a')
  const before = (await file.stat()).size
  let written = 0
  const reader = body?.getReader()
  try {
    if (before > fileMax) throw new Refused('exchange1c.file.total', { filename: rel, limit: fileMax })
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      written += value.length
      if (written > partLimit) throw new Refused('exchange1c.file.tooBig', { limit: partLimit })
      if (before + written > fileMax) throw new Refused('exchange1c.file.total', { filename: rel, limit: fileMax })
      await file.write(value)
    }
  } catch (err) {
    await reader?.cancel().catch(() => {})
    await file.close()
    await truncate(abs, before)
    throw err
  }
  await file.close()
}

export function uploadPath(sessionId: string, rel: string): string {
  return inside(sessionDir(sessionId), rel)
}

export function clearSessionDir(sessionId: string) {
  rmSync(sessionDir(sessionId), { recursive: true, force: true })
  mkdirSync(sessionDir(sessionId), { recursive: true })
}

/** The time of the last write into a session's folder (0 when it has none). */
export function lastWrite(sessionId: string): number {
  let latest = 0
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const abs = join(dir, name)
      const st = statSync(abs)
      latest = Math.max(latest, st.mtimeMs)
      if (st.isDirectory()) walk(abs)
    }
  }
  walk(sessionDir(sessionId))
  return latest
}

export function removeSessionDir(sessionId: string) {
  rmSync(sessionDir(sessionId), { recursive: true, force: true })
}

export function stagedPath(sessionId: string, rel: string): string {
  const abs = join(sessionDir(sessionId), '.staged', rel.replace(/\//g, '__') + '.jsonl')
  mkdirSync(dirname(abs), { recursive: true })
  return abs
}

/** Products of this session's catalog import still waiting for a price (see catalog-import/apply.ts). */
export const pendingPath = (sessionId: string) => join(sessionDir(sessionId), '.staged', 'pending-products.txt')

/** An archive may unpack to at least this much whatever its size (small zips of XML compress well). */
const UNZIP_FLOOR = 16 * 1024 * 1024
/** The archive is read this much at a time. */
const UNZIP_READ = 64 * 1024

/** How much an archive of `zipSize` bytes may unpack to: EXCHANGE_1C_UNZIP_RATIO times its size (at least 16 MB), at most EXCHANGE_1C_UNZIP_MAX. */
export function unzipAllowance(zipSize: number): number {
  const e = env()
  return Math.min(e.EXCHANGE_1C_UNZIP_MAX, Math.max(UNZIP_FLOOR, zipSize * e.EXCHANGE_1C_UNZIP_RATIO))
}

/** fflate's zip reader hands a deflated entry's bytes over as they are: Node's zlib inflates them. */
class Deflated extends UnzipPassThrough {
  static override compression = 8
}

/** One entry being unpacked: the bytes fflate read for it, and the stream they go through to disk. */
interface Entry {
  rel: string
  deflated: boolean
  chunks: Uint8Array[]
  final: boolean
  input?: Duplex
  done?: Promise<void>
}

/**
 * Unpacks the archive `abs` into `dir` (entries checked like filenames; only the entries `want`
 * accepts), streaming: fflate reads the zip 64 KB at a time, Node's zlib inflates each entry in
 * its thread pool, and the bytes go to disk through a counter with stream backpressure, so
 * neither memory nor the event loop waits for a whole entry. Everything it unpacks together may
 * not pass `allowed` bytes (as the headers declare it, and as it actually inflates); past it the
 * unpacking stops, what it wrote is removed, and it throws a Refused. Returns the paths written.
 */
export async function unpackZip(
  abs: string,
  dir: string,
  allowed: number,
  want: (rel: string) => boolean = () => true,
): Promise<string[]> {
  const name = abs.slice(abs.lastIndexOf(sep) + 1)
  const tooBig = () => new Refused('exchange1c.zip.tooBig', { filename: name, mb: Math.floor(allowed / 2 ** 20) })
  const written: string[] = []
  const entries: Entry[] = []
  let total = 0
  let declared = 0
  let error: unknown = null
  const unzip = new Unzip((file) => {
    if (error || file.name.endsWith('/')) return
    const rel = safeRelativePath(file.name)
    if (!rel) {
      error = new Error(`unsafe path in the archive: ${file.name.replace(/[^\p{L}\p{N}._\-/ ]/gu, '?').slice(0, 100)}`)
      return
    }
    if (!want(rel)) return
    declared += file.originalSize ?? 0
    if (declared > allowed) {
      error = tooBig()
      return
    }
    const entry: Entry = { rel, deflated: file.compression === 8, chunks: [], final: false }
    entries.push(entry)
    file.ondata = (err, data, final) => {
      if (err) error ??= err
      else entry.chunks.push(data)
      entry.final = final
    }
    file.start()
  })
  unzip.register(UnzipPassThrough)
  unzip.register(Deflated)
  /** Sends what fflate read to each entry's stream, waiting while the stream is full. */
  const feed = async () => {
    for (const entry of entries) {
      if (!entry.input) {
        const target = inside(dir, entry.rel)
        mkdirSync(dirname(target), { recursive: true })
        written.push(entry.rel)
        const count = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            total += chunk.length
            if (total > allowed) next(tooBig())
            else next(null, chunk)
          },
        })
        const input: Duplex = entry.deflated ? createInflateRaw() : new PassThrough()
        entry.input = input
        entry.done = pipeline(input, count, createWriteStream(target))
        // Awaited below; until then a refusal must not count as an unhandled rejection.
        entry.done.catch(() => {})
      }
      const { input, done } = entry as Required<Entry>
      for (const chunk of entry.chunks.splice(0)) {
        if (!input.write(chunk)) await Promise.race([once(input, 'drain'), done])
      }
      if (entry.final) {
        input.end()
        await done
      }
    }
    entries.splice(0, entries.length, ...entries.filter((e) => !e.final))
  }
  const archive = await open(abs, 'r')
  const block = Buffer.alloc(UNZIP_READ)
  try {
    for (;;) {
      const { bytesRead } = await archive.read(block, 0, UNZIP_READ, null)
      try {
        // fflate and the entries keep views of what is pushed: a copy goes in, the block is reused.
        unzip.push(Uint8Array.prototype.slice.call(block, 0, bytesRead), bytesRead === 0)
      } catch (err) {
        error ??= err
      }
      if (error) throw error
      await feed()
      if (bytesRead === 0) break
    }
  } catch (err) {
    for (const entry of entries) entry.input?.destroy()
    await Promise.allSettled(entries.flatMap((e) => (e.done ? [e.done] : [])))
    for (const rel of written) await rm(inside(dir, rel), { force: true })
    throw err
  } finally {
    await archive.close()
  }
  return written
}

type Params = Record<string, string | number>
const refusedMark = (dir: string, name: string) => join(dir, `.${name}.refused`)

/**
 * Unpacks every uploaded .zip of the session into its folder (see unpackZip), then renames the
 * archive so it is not unpacked twice. An archive refused for its size is removed and its
 * refusal kept: asking again gives the same refusal without unpacking again. Returns the number
 * of archives unpacked.
 */
export async function unpackZips(sessionId: string): Promise<number> {
  const dir = sessionDir(sessionId)
  if (!existsSync(dir)) return 0
  for (const mark of readdirSync(dir)) {
    if (!mark.endsWith('.zip.refused')) continue
    // The same archive uploaded again is unpacked again; otherwise the refusal stands.
    if (existsSync(join(dir, mark.slice(1, -'.refused'.length)))) rmSync(join(dir, mark))
    else throw new Refused('exchange1c.zip.tooBig', JSON.parse(readFileSync(join(dir, mark), 'utf8')) as Params)
  }
  let n = 0
  for (const name of readdirSync(dir)) {
    if (!name.toLowerCase().endsWith('.zip')) continue
    const abs = join(dir, name)
    try {
      await unpackZip(abs, dir, unzipAllowance(statSync(abs).size))
    } catch (err) {
      if (err instanceof Refused && err.key === 'exchange1c.zip.tooBig') {
        writeFileSync(refusedMark(dir, name), JSON.stringify(err.params))
        rmSync(abs, { force: true })
      }
      throw err
    }
    renameSync(abs, join(dir, `.${name}.unpacked`))
    n++
  }
  return n
}

// --- Images -------------------------------------------------------------------------------

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
}
export const imageType = (name: string) => IMAGE_TYPES[extname(name).toLowerCase()]

/** Width and height from a PNG, JPEG, GIF or WebP header (null when unknown). */
export function imageSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47)
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
  if (buf.length > 10 && buf.toString('ascii', 0, 3) === 'GIF')
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) }
  if (buf.length > 30 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') {
    const kind = buf.toString('ascii', 12, 16)
    if (kind === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) }
    if (kind === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff }
    if (kind === 'VP8L') {
      const b = buf.readUInt32LE(21)
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 }
    }
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null
      const marker = buf[i + 1]!
      const len = buf.readUInt16BE(i + 2)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) }
      i += 2 + len
    }
  }
  return null
}

/**
 * Copies an uploaded image to the served media folder under the hash of its content (the same
 * picture uploaded again keeps its address; a changed one gets a new address, so browsers never
 * keep a stale copy). Returns its URL path and size.
 */
export function publishImage(sessionId: string, rel: string): { src: string; width: number; height: number } {
  const abs = uploadPath(sessionId, rel)
  const data = readFileSync(abs)
  const ext = extname(rel).toLowerCase() === '.jpeg' ? '.jpg' : extname(rel).toLowerCase()
  const name = createHash('sha1').update(data).digest('hex') + ext
  mkdirSync(mediaDir(), { recursive: true })
  const out = join(mediaDir(), name)
  if (!existsSync(out)) copyFileSync(abs, out)
  const size = imageSize(data) ?? { width: 800, height: 800 }
  return { src: MEDIA_URL + name, ...size }
}

/** An uploaded file exists and is a regular file. */
export function uploadExists(sessionId: string, rel: string): boolean {
  try {
    return statSync(uploadPath(sessionId, rel)).isFile()
  } catch {
    return false
  }
}

/** A served image by its file name (hash + extension), or null. */
export function readMedia(name: string): { data: Buffer; type: string } | null {
  if (!/^[0-9a-f]{40}\.(jpg|png|webp|gif)$/.test(name)) return null
  const abs = join(mediaDir(), name)
  if (!existsSync(abs)) return null
  return { data: readFileSync(abs), type: imageType(name) ?? 'application/octet-stream' }
}
