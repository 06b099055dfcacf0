import { createHash } from 'node:crypto'
import {
  appendFileSync,
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
import { dirname, extname, join, resolve, sep } from 'node:path'
import { unzipSync } from 'fflate'
import { env } from '../env'

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

export function appendUpload(sessionId: string, rel: string, data: Uint8Array) {
  const abs = inside(sessionDir(sessionId), rel)
  mkdirSync(dirname(abs), { recursive: true })
  appendFileSync(abs, data)
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

/**
 * Unpacks every uploaded .zip of the session into its folder (entries checked like filenames),
 * then renames the archive so it is not unpacked twice. Returns the number of archives.
 */
export function unpackZips(sessionId: string): number {
  const dir = sessionDir(sessionId)
  if (!existsSync(dir)) return 0
  let n = 0
  for (const name of readdirSync(dir)) {
    if (!name.toLowerCase().endsWith('.zip')) continue
    const abs = join(dir, name)
    const entries = unzipSync(readFileSync(abs))
    for (const [entry, data] of Object.entries(entries)) {
      if (entry.endsWith('/')) continue
      const rel = safeRelativePath(entry)
      if (!rel) throw new Error(`unsafe path in the archive: ${entry}`)
      const out = inside(dir, rel)
      mkdirSync(dirname(out), { recursive: true })
      writeFileSync(out, data)
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
