import list from './common-passwords.txt?raw'

/**
 * The 10,000 most common passwords: SecLists `Passwords/Common-Credentials/10k-most-common.txt`
 * (github.com/danielmiessler/SecLists, MIT licence), one a line, lower case, shipped as is in
 * `common-passwords.txt`. Bundled into the server build (`?raw`), parsed once on first use.
 */
let set: Set<string> | undefined

export function commonPasswords(): ReadonlySet<string> {
  set ??= new Set(
    list
      .split(/\r?\n/)
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  )
  return set
}

export const isCommonPassword = (password: string) =>
  commonPasswords().has(password.normalize('NFKC').trim().toLowerCase())
