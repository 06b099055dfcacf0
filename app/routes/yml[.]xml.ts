import { createFileRoute } from '@tanstack/react-router'
import { createContext } from '../../server/context'
import { ymlFeed } from '../../server/services/feed'

/** `/yml.xml`: the Yandex YML feed of the catalog (server/services/feed.ts), cached per data version. */
export const Route = createFileRoute('/yml.xml')({
  server: {
    handlers: {
      GET: async ({ request }) =>
        new Response(await ymlFeed(await createContext(request)), {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
        }),
    },
  },
})
