import { createFileRoute } from '@tanstack/react-router'
import { createContext } from '../../server/context'
import { robotsTxt } from '../../server/services/seo'

/** `/robots.txt`: the site is open to crawlers except state, account and API paths. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: async ({ request }) =>
        new Response(robotsTxt(await createContext(request)), {
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
        }),
    },
  },
})
