import { createFileRoute } from '@tanstack/react-router'

/**
 * Liveness probe. Deliberately bypasses the app's REST adapter and database: it is also the
 * benchmark's measure of the framework's own ceiling for a trivial JSON answer.
 */
export const Route = createFileRoute('/healthz')({
  server: {
    handlers: {
      GET: () =>
        new Response('{"ok":true}', {
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        }),
    },
  },
})
