// Runs npm scripts side by side (issue 30 §4, ADR 049): `node scripts/side-by-side.mjs a b [-- args]`.
// On a 2-core machine a single-threaded step (tsc, eslint) or a one-worker vitest run (vitest takes
// cores − 1) leaves a core mostly idle. The first script prints as it goes; each other's output is
// kept and printed when it ends, so the log reads as separate runs. Arguments after `--` go to every
// script. Fails when any fails; says how long each took.
import { Buffer } from 'node:buffer'
import { spawn } from 'node:child_process'

const argv = process.argv.slice(2)
const cut = argv.indexOf('--')
const names = cut < 0 ? argv : argv.slice(0, cut)
const extra = cut < 0 ? [] : ['--', ...argv.slice(cut + 1)]
if (names.length === 0) throw new Error('usage: side-by-side.mjs <npm script>… [-- args]')

const started = Date.now()
const results = await Promise.all(
  names.map(
    (name, i) =>
      new Promise((resolve) => {
        const t0 = Date.now()
        const live = i === 0
        const child = spawn('npm', ['run', '--silent', name, ...extra], {
          stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        })
        const kept = []
        if (!live) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => kept.push(chunk))
        child.on('close', (code, signal) => {
          if (!live) {
            process.stdout.write(`\n──── npm run ${name} ────\n`)
            process.stdout.write(Buffer.concat(kept))
          }
          resolve({ name, code: code ?? 1, signal, seconds: Math.round((Date.now() - t0) / 1000) })
        })
      }),
  ),
)

console.log(`\nside by side: ${Math.round((Date.now() - started) / 1000)} s`)
for (const r of results)
  console.log(`  ${r.name}: ${r.code === 0 ? 'passed' : `FAILED (${r.signal ?? `exit ${r.code}`})`}, ${r.seconds} s`)
process.exit(results.some((r) => r.code !== 0) ? 1 : 0)
