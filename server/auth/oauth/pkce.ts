import { createHash, randomBytes } from 'node:crypto'

/** RFC 7636: a 43-character verifier from 32 random bytes and its S256 challenge. */
export const newVerifier = () => randomBytes(32).toString('base64url')
export const challengeS256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
export const newState = () => randomBytes(32).toString('base64url')
