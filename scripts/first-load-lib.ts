// First-load JavaScript of a page as issue 14 and ADR 011 measure it: every script the page loads
// in Chromium until the network is idle, gzip -9 of each, and the pre-compressed brotli file the
// server sends for it. Used by `npm run bench`, scripts/first-load-js.ts and
// tests/integration/first-load-js.test.ts.
import { gzipSync } from 'node:zlib'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'

export interface ScriptSize {
  /** The script's path, e.g. /assets/index-abc.js */
  path: string
  gzip: number
  brotli: number
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** `outDir` is the build the server serves (for the brotli files next to the assets). */
export async function firstLoadScripts(browser: Browser, url: string, outDir: string): Promise<ScriptSize[]> {
  // The shop's visitors read Russian (headless Chromium would otherwise ask for en-US pages).
  const page = await browser.newPage({ locale: 'ru-RU' })
  const pending: Promise<ScriptSize | null>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return
    const path = new URL(res.url()).pathname
    const served = join(outDir, 'public', path + '.br')
    pending.push(
      res.body().then(
        (b) => ({
          path,
          gzip: gzipSync(b, { level: 9 }).length,
          brotli: existsSync(served) ? statSync(served).size : b.length,
        }),
        () => null,
      ),
    )
  })
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
    return (await Promise.all(pending)).filter((s) => s !== null)
  } finally {
    await page.close()
  }
}

/** Totals in KB: gzip -9 (the budget's measure) and brotli as served. */
export function firstLoadTotals(scripts: ScriptSize[]): { gzip: number; brotli: number } {
  return {
    gzip: kb(scripts.reduce((s, x) => s + x.gzip, 0)),
    brotli: kb(scripts.reduce((s, x) => s + x.brotli, 0)),
  }
}

/** The shop's page types, by the links its own API gives (the seeded catalog and blog). */
export async function pageTypes(base: string): Promise<Record<string, string>> {
  const get = async <T>(path: string): Promise<T | undefined> =>
    ((await (await fetch(base + path)).json()) as { data?: T }).data
  const catalog = await get<{ sections?: { link: string }[] }>('/api/entity/?path=/catalog/')
  const section = catalog?.sections?.[0]?.link ?? '/catalog/shampoo/'
  const listing = await get<{ products?: { items?: { link: string }[] } }>(
    `/api/entity/?path=${encodeURIComponent(section)}`,
  )
  const product = listing?.products?.items?.[0]?.link ?? '/catalog/'
  const blog = await get<{ items?: { link: string }[]; posts?: { items?: { link: string }[] } }>(
    '/api/entity/?path=/blog/',
  )
  const post = blog?.items?.[0]?.link ?? blog?.posts?.items?.[0]?.link ?? '/blog/'
  return {
    home: '/',
    'catalog section': section,
    product,
    blog: '/blog/',
    'blog post': post,
    cart: '/cart/',
    login: '/login/',
  }
}
