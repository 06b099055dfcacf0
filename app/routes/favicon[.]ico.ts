import { createFileRoute } from '@tanstack/react-router'

// Browsers ask for /favicon.ico on pages without an icon link (raw pages, PDFs, bookmarks).
// Answer with the site's SVG icon instead of a redirect to a 404.
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#6d4aff"/><path d="M20 46c0-14 8-26 20-30-4 8-5 17-2 30" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/></svg>`

export const Route = createFileRoute('/favicon.ico')({
  server: {
    handlers: {
      GET: () =>
        new Response(ICON, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } }),
    },
  },
})
