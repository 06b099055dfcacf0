import { createFileRoute } from '@tanstack/react-router'
import { createContext } from '../../server/context'
import { sitemapXml } from '../../server/services/seo'

/** `/sitemap.xml`: every public page from the database, absolute URLs (server/services/seo.ts). */
export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async ({ request }) =>
        new Response(await sitemapXml(await createContext(request)), {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
        }),
    },
  },
})
