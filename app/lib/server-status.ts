import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

/** Sets the HTTP status of the server render (404 page); a no-op in the browser. */
export const setPageStatus = createIsomorphicFn()
  .server((status: number) => setResponseStatus(status))
  .client(() => undefined)
