import { relative } from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Lists, after the run, every test that passed only on a retry (Playwright's "flaky"), with the
 * error of each failed attempt, so a retry never hides one (issue 30 §4, ADR 049). The run itself
 * fails on one through `failOnFlakyTests` in playwright.config.ts; this reporter only says which.
 */
// The terminal's colour codes (ESC [ … m) out of an error message.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const stripAnsi = (text: string) => text.replace(ANSI, '')

export default class FlakyReporter implements Reporter {
  private readonly failedAttempts = new Map<TestCase, TestResult[]>()

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted') {
      this.failedAttempts.set(test, [...(this.failedAttempts.get(test) ?? []), result])
    }
  }

  onEnd(result: FullResult) {
    const flaky = [...this.failedAttempts.keys()].filter((test) => test.outcome() === 'flaky')
    if (flaky.length === 0) return
    const lines = ['', `FLAKY: ${flaky.length} test(s) passed only on a retry; the run fails (${result.status}):`]
    for (const test of flaky) {
      const project = test.parent.project()?.name
      const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`
      // titlePath: the root, the project, the file, then the describe blocks and the test's own title.
      lines.push(`  ✗ ${project ? `[${project}] ` : ''}${where} › ${test.titlePath().slice(3).join(' › ')}`)
      for (const attempt of this.failedAttempts.get(test) ?? []) {
        const message = (attempt.error?.message ?? attempt.status).split('\n').find((l) => l.trim()) ?? ''
        lines.push(`      attempt ${attempt.retry + 1}: ${stripAnsi(message).trim().slice(0, 300)}`)
      }
    }
    console.log(lines.join('\n') + '\n')
  }

  printsToStdio() {
    return false
  }
}
