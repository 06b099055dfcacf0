import { setEnvForTests } from '../../server/env'

/**
 * Everything the server logs while `fn` runs, as text: for asserting what a log line must never
 * contain. The configuration is `env` with LOG_LEVEL=debug meanwhile, and `env` afterwards
 * (setEnvForTests replaces earlier overrides, so pass the ones the test relies on).
 */
export async function captureLogs<T>(
  fn: () => Promise<T>,
  env: Parameters<typeof setEnvForTests>[0] = {},
): Promise<{ result: T | undefined; error: unknown; logs: string }> {
  const lines: string[] = []
  const out = process.stdout.write.bind(process.stdout)
  const err = process.stderr.write.bind(process.stderr)
  const grab = (chunk: unknown) => {
    lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
    return true
  }
  process.stdout.write = grab
  process.stderr.write = grab
  setEnvForTests({ ...env, LOG_LEVEL: 'debug' })
  try {
    return { result: await fn(), error: undefined, logs: lines.join('') }
  } catch (error) {
    return { result: undefined, error, logs: lines.join('') }
  } finally {
    process.stdout.write = out
    process.stderr.write = err
    setEnvForTests(env)
  }
}
