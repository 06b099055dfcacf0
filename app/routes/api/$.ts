import { createFileRoute } from '@tanstack/react-router'
import { handleApiRequest } from '../../../server/rest/execute'

const handle = ({ request }: { request: Request }) => handleApiRequest(request)

export const Route = createFileRoute('/api/$')({
  server: {
    handlers: { GET: handle, HEAD: handle, POST: handle, PATCH: handle, PUT: handle, DELETE: handle, OPTIONS: handle },
  },
})
