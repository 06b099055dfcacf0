import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants as zlibConstants, crc32 as crc32z, deflateRawSync, deflateSync } from 'node:zlib'
import { handleExchangeRequest } from '../../server/exchange/protocol'
import { withPeerAddress } from '../../server/net/peer'
import { rows, searchProductDoc, searchProductId } from './db'

export const FIXTURES = join(import.meta.dirname, '../fixtures/1c')
export const fixture = (name: string) => readFileSync(join(FIXTURES, name))

export const LOGIN = '1c-exchange'
export const PASSWORD = 'very-long-exchange-password-2024'

export interface OneCAnswer {
  status: number
  text: string
  lines: string[]
  headers: Headers
}

/**
 * 1C:Enterprise's side of the site exchange, driven the way 1C does it: real Requests to the
 * endpoint's handler, Basic auth on checkauth, then the cookie it got on every call.
 */
export class OneC {
  cookie = ''

  constructor(private readonly auth = { login: LOGIN, password: PASSWORD }) {}

  async call(
    query: Record<string, string>,
    init: {
      method?: string
      body?: Uint8Array | ReadableStream<Uint8Array>
      basic?: boolean
      cookie?: string
      peer?: string
    } = {},
  ): Promise<OneCAnswer> {
    const headers = new Headers()
    if (init.basic)
      headers.set(
        'authorization',
        'Basic ' + Buffer.from(`${this.auth.login}:${this.auth.password}`).toString('base64'),
      )
    const cookie = init.cookie ?? this.cookie
    if (cookie) headers.set('cookie', cookie)
    const req = new Request(`http://shop.test/exchange/1c/?${new URLSearchParams(query)}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers,
      body: (init.body as BodyInit | undefined) ?? null,
      ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    })
    withPeerAddress(req, init.peer ?? '203.0.113.1')
    const res = await handleExchangeRequest(req)
    const text = await res.text()
    return { status: res.status, text, lines: text.split('\n'), headers: res.headers }
  }

  async checkauth(type = 'catalog') {
    const r = await this.call({ type, mode: 'checkauth' }, { basic: true })
    if (r.lines[0] !== 'success') throw new Error(`checkauth: ${r.text}`)
    this.cookie = `${r.lines[1]}=${r.lines[2]}`
    return r
  }

  init(type = 'catalog') {
    return this.call({ type, mode: 'init' })
  }

  /** Sends a file in `parts` pieces, as 1C does with files above file_limit. */
  async upload(filename: string, data: Uint8Array, parts = 1, type = 'catalog') {
    const size = Math.ceil(data.length / parts)
    for (let i = 0; i < parts; i++) {
      const r = await this.call({ type, mode: 'file', filename }, { body: data.subarray(i * size, (i + 1) * size) })
      if (r.text !== 'success') throw new Error(`file ${filename}: ${r.text}`)
    }
  }

  /** Calls mode=import until the answer is not `progress`; the answers and each call's time. */
  async importFile(filename: string, maxSteps = 10_000) {
    const times: number[] = []
    for (let i = 0; i < maxSteps; i++) {
      const t0 = performance.now()
      const r = await this.call({ type: 'catalog', mode: 'import', filename })
      times.push(performance.now() - t0)
      if (r.lines[0] !== 'progress') return { answer: r, times }
    }
    throw new Error('import did not finish')
  }
}

/** A real PNG of the given size (one colour). */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body) >>> 0)
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x80)
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(buf: Buffer): number {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c
}

/** The start of a baseline JPEG (SOI, APP0, SOF0) naming its size: enough for a header reader. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9), Buffer.from([0xff, 0xd9])])
}

/** The images import.xml names, as 1C uploads them. */
export function fixtureImages(): [string, Buffer][] {
  const xml = fixture('import.xml').toString('utf8')
  return [...xml.matchAll(/<Картинка>([^<]+)<\/Картинка>/g)].map((m, i) => {
    const path = m[1]!
    return [path, path.endsWith('.png') ? png(40 + i, 30 + i) : jpegHeader(640 + i, 480 + i)]
  })
}

/** Rows as JSON in a fixed order (neither engine promises an order without `order by`). */
const sortedJson = (list: unknown[]) =>
  list
    .map((r) => JSON.stringify(r))
    .sort()
    .join('\n')

/** A digest of the catalog tables: equal digests mean nothing changed. */
export async function catalogSnapshot(): Promise<string> {
  const h = createHash('sha256')
  for (const table of [
    'catalog_sections',
    'brands',
    'products',
    'product_offers',
    'product_property_links',
    'product_properties',
  ])
    h.update(sortedJson(await rows(`select * from ${table}`)))
  h.update(sortedJson(await rows(`select ${searchProductId} as id, ${searchProductDoc} from search_products`)))
  return h.digest('hex')
}

/**
 * A zip bomb made without holding what it unpacks to: one entry of `mb` MiB of zeros, its
 * deflate stream one fully flushed 1 MiB block repeated (each ~1 KB), so 400 MiB fit in ~400 KB.
 * `declared` is the unpacked size the headers claim (a liar's archive claims little).
 */
export function zipBomb(name: string, mb: number, declared = mb * 1024 * 1024): Buffer {
  const mib = Buffer.alloc(1024 * 1024)
  const block = deflateRawSync(mib, { finishFlush: zlibConstants.Z_FULL_FLUSH })
  const data = Buffer.concat([...Array<Buffer>(mb).fill(block), Buffer.from([0x03, 0x00])])
  let crc = 0
  for (let i = 0; i < mb; i++) crc = crc32z(mib, crc)
  const file = Buffer.from(name, 'utf8')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(0x0800, 6) // UTF-8 names
  local.writeUInt16LE(8, 8)
  local.writeUInt16LE(0x21, 12)
  local.writeUInt32LE(crc >>> 0, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(file.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(0x0800, 8)
  central.writeUInt16LE(8, 10)
  central.writeUInt16LE(0x21, 14)
  central.writeUInt32LE(crc >>> 0, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(file.length, 28)
  const cdOffset = local.length + file.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + file.length, 12)
  end.writeUInt32LE(cdOffset, 16)
  return Buffer.concat([local, file, data, central, file, end])
}
