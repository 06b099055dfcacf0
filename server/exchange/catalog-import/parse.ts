import { appendFileSync, closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs'
import type { DB } from '../../../db/client'
import type { CmlReader } from '../cml'
import { stagedPath, uploadPath } from '../files'
import { Refused } from '../messages'
import { saveClassifier, savePriceTypes } from './classifier'
import { newParsing } from './parser'
import { READ_CHUNK, ROOT, type ImportState } from './types'

/** Phase 1, parse and check: the streaming parse of an upload, continued between calls. */

export interface Parsing {
  reader: CmlReader
  decoder: TextDecoder
  fd: number
  size: number
  offset: number
  out: string[]
  state: ImportState
  seen: Set<string>
  props: Map<string, { name: string; values: Map<string, string> }>
  priceTypes: Map<string, string>
  stores: Set<string> | null
  count: number
  sawBody: boolean
  /** Collected elements the reader handed over, waiting for their checks (in document order). */
  pending: (() => Promise<void> | void)[]
}
export const parsings = new Map<number, Parsing>()

export function dropParsing(id: number) {
  const p = parsings.get(id)
  if (p) {
    try {
      closeSync(p.fd)
    } catch {
      // already closed
    }
    parsings.delete(id)
  }
}

export async function parseStep(
  db: DB,
  sessionId: string,
  rel: string,
  rowId: number,
  state: ImportState,
  deadline: number,
  readChunk = READ_CHUNK,
) {
  let p = parsings.get(rowId)
  if (!p) {
    // First call, or the process restarted since the last one: read from the top.
    writeFileSync(stagedPath(sessionId, rel), '')
    const abs = uploadPath(sessionId, rel)
    p = newParsing(db, sessionId, rel, state, openSync(abs, 'r'), statSync(abs).size)
    parsings.set(rowId, p)
  }
  const buf = Buffer.alloc(readChunk)
  let done = false
  // At least one chunk a call, so every call moves the parse on.
  do {
    const n = readSync(p.fd, buf, 0, readChunk, p.offset)
    p.offset += n
    let bad: Error | undefined
    try {
      if (n > 0) p.reader.write(p.decoder.decode(buf.subarray(0, n), { stream: true }))
      else {
        p.reader.write(p.decoder.decode())
        p.reader.close()
        done = true
      }
    } catch (e) {
      bad = e as Error
    }
    // The elements before a malformed spot are checked first: their refusal is the one reported.
    for (const handle of p.pending.splice(0)) await handle()
    if (bad) throw new Refused('exchange1c.xml.bad', { filename: rel, detail: bad.message })
    if (p.out.length) {
      appendFileSync(stagedPath(sessionId, rel), p.out.join(''))
      p.out = []
    }
  } while (!done && Date.now() < deadline)
  if (done) {
    dropParsing(rowId)
    if (p.reader.root !== ROOT) throw new Refused('exchange1c.xml.root', { filename: rel })
    if (!p.sawBody) throw new Refused('exchange1c.xml.empty', { filename: rel })
    if (p.priceTypes.size) savePriceTypes(p.priceTypes)
    p.state.staged = p.count
    if (p.state.kind === 'import') saveClassifier(sessionId, p.state.groups, p.props)
    // The ids the file names, one a line: what a full import keeps (finishStep).
    writeFileSync(stagedPath(sessionId, rel) + '.ids', [...p.seen].join('\n'))
    p.state.phase = 'apply'
  }
  return { state: p.state, offset: p.offset, size: p.size }
}
