import { createFileRoute } from '@tanstack/react-router'
import { handleExchangeRequest } from '../../../server/exchange/protocol'

const handle = ({ request }: { request: Request }) => handleExchangeRequest(request)

/** `/exchange/1c/`: 1C's site exchange (server/exchange/protocol.ts, docs/1c-exchange.md). */
export const Route = createFileRoute('/exchange/1c')({
  server: { handlers: { GET: handle, POST: handle } },
})
