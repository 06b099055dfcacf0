import list from './common-passwords.json'

/**
 * The 10,000 most common passwords: SecLists `Passwords/Common-Credentials/10k-most-common.txt`
 * (github.com/danielmiessler/SecLists, MIT licence), in its order, as a JSON array in
 * `common-passwords.json` (a JSON import works in the server build, vitest and plain tsx scripts
 * alike — worker processes and seed scripts — where a `?raw` text import does not).
 */
let set: Set<string> | undefined

export function commonPasswords(): ReadonlySet<string> {
  set ??= new Set(list.map((l) => l.trim().toLowerCase()).filter(Boolean))
  return set
}

export const isCommonPassword = (password: string) =>
  commonPasswords().has(password.normalize('NFKC').trim().toLowerCase())
