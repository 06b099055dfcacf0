// `npm start`: build when no build exists, migrate and seed an empty database, serve.
import { existsSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const outDir = process.env.BUILD_DIR ?? '.output'
if (!existsSync(`${outDir}/server/index.mjs`) || process.env.FORCE_BUILD === '1') {
  console.log('No production build yet: building (vite build)…')
  run('npx', ['vite', 'build', '--logLevel', 'warn'])
}
// Validates the environment (a bad value stops here, naming the variable), migrates,
// and seeds the database when it is empty.
run('npx', ['tsx', 'seed/prepare.ts'])

const server = spawn(process.execPath, [`${outDir}/server/index.mjs`], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
