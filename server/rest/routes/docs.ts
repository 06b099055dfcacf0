import { z } from 'zod'
import { defineRoute, RawReply, type RouteTable } from '../registry'
import { buildOpenApi } from '../openapi'
import { DOCS_CSS, DOCS_HTML, DOCS_JS } from '../docs-page'

const none = z.object({}).passthrough()
const tags = ['platform']

const text = (body: string, type: string) =>
  new RawReply(
    new Response(body, {
      headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'public, max-age=300' },
    }),
  )

/** The OpenAPI document and its page, for the routes of `table` (server/rest/table.ts). */
export function docsRoutes(table: RouteTable) {
  let cached: string | undefined
  return [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      summary: 'This document: OpenAPI 3.1 generated from the route schemas',
      tags,
      input: none,
      handler: () => {
        cached ??= JSON.stringify(buildOpenApi(table.all))
        return text(cached, 'application/json')
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/',
      summary: 'Human-readable API documentation',
      tags,
      input: none,
      handler: () => text(DOCS_HTML, 'text/html'),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/docs.js',
      summary: 'Documentation viewer script',
      tags,
      input: none,
      hidden: true,
      handler: () => text(DOCS_JS, 'text/javascript'),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/docs.css',
      summary: 'Documentation viewer styles',
      tags,
      input: none,
      hidden: true,
      handler: () => text(DOCS_CSS, 'text/css'),
    }),
  ]
}
