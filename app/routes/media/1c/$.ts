import { createFileRoute } from '@tanstack/react-router'
import { readMedia } from '../../../../server/exchange/files'

/** `/media/1c/<sha1>.<ext>`: product images taken from 1C's uploads (named by content: cached for good). */
export const Route = createFileRoute('/media/1c/$')({
  server: {
    handlers: {
      GET: ({ params }) => {
        const file = readMedia(params._splat ?? '')
        if (!file)
          return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
        return new Response(new Uint8Array(file.data), {
          headers: {
            'content-type': file.type,
            'cache-control': 'public, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          },
        })
      },
    },
  },
})
