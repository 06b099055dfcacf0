/**
 * The one request-body limit of the site's APIs: REST (server/rest/body.ts) and tRPC
 * (server/trpc/handler.ts) read bodies through here, so neither takes more than 1 MiB into memory.
 */
export const MAX_BODY_BYTES = 1024 * 1024

/** A body over the limit: refused with 413 (the contract's `413 body over 1 MiB`). */
export class BodyTooLarge extends Error {}

/**
 * The request's body, or BodyTooLarge past `limit` bytes. A declared length over the limit is
 * refused before a byte is read.
 */
export async function readLimited(request: Request, limit: number, as: 'text'): Promise<string>
export async function readLimited(request: Request, limit: number, as: 'text' | 'bytes'): Promise<string | Uint8Array>
export async function readLimited(request: Request, limit: number, as: 'text' | 'bytes'): Promise<string | Uint8Array> {
  // A declared length within the limit is read in one go: node:http
  // delivers no more than it declares, and the server's request object reads text straight
  // from the socket without web streams. A body without one (chunked) is read chunk by chunk
  // and cut off at the limit.
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw new BodyTooLarge()
  if (request.headers.has('content-length')) {
    return as === 'text' ? request.text() : new Uint8Array(await request.arrayBuffer())
  }
  if (!request.body) return as === 'text' ? '' : new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.byteLength
  }
  return as === 'text' ? new TextDecoder().decode(out) : out
}
