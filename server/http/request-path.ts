/**
 * The path and query of a request URL (`http://host/api/x/?a=1` → `/api/x/?a=1`) without parsing
 * the whole URL: the server entry (app/server.ts) and the page cache ask it of every request.
 */
export const requestPath = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2))
