// One server process of `npm start` (a node:cluster worker forked by scripts/start.mjs): loads the
// built server given as its argument, listening on the socket the primary shares.
import net from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (options, ...rest) {
  // srvx (the HTTP server under nitro) asks for an exclusive handle: in a cluster worker that
  // means binding PORT itself, and the second worker fails with EADDRINUSE. Shared is the point.
  if (options && typeof options === 'object' && options.exclusive) options = { ...options, exclusive: false }
  // A port that cannot be had ends this process (the primary counts the deaths) instead of
  // leaving it alive without a socket.
  const failed = (e) => {
    console.error(`Cannot listen: ${e.message}`)
    process.exit(1)
  }
  this.once('error', failed)
  this.once('listening', () => this.off('error', failed))
  // After a graceful close (SIGTERM/SIGINT, srvx), drop the channel to the primary: it is the
  // last thing keeping the process alive.
  this.once('close', () => process.connected && process.disconnect())
  return listen.call(this, options, ...rest)
}

const entry = process.argv[2]
if (!entry) throw new Error('usage: node scripts/start-worker.mjs <build>/server/index.mjs')
await import(pathToFileURL(resolve(entry)).href)
