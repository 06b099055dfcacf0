import { useEffect, useState } from 'react'

/** The server's wait, from a 429 answer (tRPC puts AppError extras in `data.extra`). */
const timeoutOf = (err: unknown): number | undefined => {
  const extra = (err as { data?: { extra?: { timeout?: unknown } } } | null)?.data?.extra
  return typeof extra?.timeout === 'number' ? extra.timeout : undefined
}
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback

/**
 * Asking for a one-time code (sign-in by SMS, password restore): remembers where the code went
 * and counts down, once a second, to the next allowed request — the server's timeout (60 s when
 * it names none), or the wait of a 429 refusal, which also means a code was sent already.
 * `request` resolves to the server's answer or rethrows its failure.
 */
export function useCodeRequest() {
  const [left, setLeft] = useState(0)
  const [sentTo, setSentTo] = useState<string | null>(null)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  const request = async <R extends object>(to: string, ask: () => Promise<R>): Promise<R> => {
    try {
      const answer = await ask()
      setSentTo(to)
      setLeft('timeout' in answer && typeof answer.timeout === 'number' ? answer.timeout : 60)
      return answer
    } catch (err) {
      const wait = timeoutOf(err)
      if (wait !== undefined) {
        setSentTo(to)
        setLeft(wait)
      }
      throw err
    }
  }
  return { left, sentTo, request }
}
