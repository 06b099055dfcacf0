/** HTTP plumbing of the fake YooKassa: bodies in, JSON and HTML out, webhook POSTs. */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Json } from './types'

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (s += c))
    req.on('end', () => resolve(s))
    req.on('error', reject)
  })
}

/** POSTs JSON with node:http (no Origin header, as a server-to-server call). */
export function postJson(url: string, body: Json): Promise<number> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body)
    try {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
          timeout: 10_000,
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', () => resolve(0))
      req.on('timeout', () => req.destroy())
      req.end(data)
    } catch {
      resolve(0)
    }
  })
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
  res.end(JSON.stringify(body))
}

export function page(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>ЮKassa (тестовая)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f5}main{background:#fff;padding:32px;border-radius:16px;max-width:420px}button{font:inherit;padding:12px 24px;margin:16px 8px 0 0;border:0;border-radius:999px;cursor:pointer}.pay{background:#15803d;color:#fff}</style></head><body><main>${html}</main></body></html>`,
  )
}
