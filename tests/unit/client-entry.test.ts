import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * app/client.tsx is Start's browser entry without server-function support (ADR 030): a copy of
 * the four files below, step for step. When a TanStack upgrade changes any of them this fails, and
 * the copy is compared with the new code before the hash here is updated.
 */
const copied: Record<string, string> = {
  '@tanstack/start-client-core/dist/esm/client/hydrateStart.js': '79697d04d5b526ff134fe66367c752ef8ac55384a89cb3b9400764f6dc0e05e4',
  '@tanstack/react-start-client/dist/esm/hydrateStart.js': 'cfaf38202a9e805302da2a66065f9bb2585347e13fc916a65f36d0236ab37af6',
  '@tanstack/react-start-client/dist/esm/StartClient.js': '150b9849be89b638c256fcdc9dd7522ea6785fdbb50f4189d938de5b1cc5c771',
  '@tanstack/react-start/dist/plugin/default-entry/client.tsx': '1113356e980a2b58781d4e831fae0c9772378729d028bbb3cc9913ada2e2f950',
}

describe("the shop's browser entry follows Start's", () => {
  it.each(Object.entries(copied))('%s is the version app/client.tsx copies', (file, sha256) => {
    const text = readFileSync(new URL(`../../node_modules/${file}`, import.meta.url))
    expect(createHash('sha256').update(text).digest('hex'), `${file} changed: compare app/client.tsx with it`).toBe(
      sha256,
    )
  })
})
