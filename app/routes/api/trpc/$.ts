import { createFileRoute } from '@tanstack/react-router'
import { handleTrpcRequest } from '../../../../server/trpc/handler'

const handle = ({ request }: { request: Request }) => handleTrpcRequest(request)

export const Route = createFileRoute('/api/trpc/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
