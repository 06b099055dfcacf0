/**
 * Pure checksum rules of Russian tax and bank numbers (INN, BIC, the Bank of Russia account key).
 * Isomorphic: no server imports.
 */

const digitsOnly = (v: string) => /^\d+$/.test(v)
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0)

/** INN of an organization: 10 digits, the last one a weighted checksum mod 11 mod 10. */
export function isValidInn10(inn: string): boolean {
  if (inn.length !== 10 || !digitsOnly(inn)) return false
  const d = [...inn].map(Number)
  return (weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === d[9]
}

/** INN of a person or sole trader: 12 digits, the last two are checksums. */
export function isValidInn12(inn: string): boolean {
  if (inn.length !== 12 || !digitsOnly(inn)) return false
  const d = [...inn].map(Number)
  const n11 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10
  const n12 = (weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10
  return n11 === d[10] && n12 === d[11]
}

/** 10 digits for an organization, 12 for a sole trader. */
export function isValidInn(inn: string, subtype: 'organization' | 'individual'): boolean {
  return subtype === 'organization' ? isValidInn10(inn) : isValidInn12(inn)
}

/** BIC: 9 digits starting with 04 (Russia). */
export const isValidBic = (bic: string) => bic.length === 9 && digitsOnly(bic) && bic.startsWith('04')

/**
 * The Bank of Russia control key: the 23 digits (3 from the BIC + the 20-digit account) are
 * multiplied by 7,1,3,7,1,3…; the sum of the products' last digits must end in 0.
 */
function controlKeyOk(prefix: string, account: string): boolean {
  const s = prefix + account
  if (s.length !== 23 || !digitsOnly(s)) return false
  const weights = [7, 1, 3]
  let sum = 0
  for (let i = 0; i < 23; i++) sum += (Number(s[i]) * weights[i % 3]!) % 10
  return sum % 10 === 0
}

/** A current (settlement) account at a credit institution: checked with the BIC's last 3 digits. */
export function isAccountKeyValid(bic: string, account: string): boolean {
  if (bic.length !== 9 || !digitsOnly(bic)) return false
  return controlKeyOk(bic.slice(6), account)
}

/** A correspondent account: checked with '0' + the BIC's 5th and 6th digits. */
export function isCorrespondentKeyValid(bic: string, account: string): boolean {
  if (bic.length !== 9 || !digitsOnly(bic)) return false
  return controlKeyOk('0' + bic.slice(4, 6), account)
}

export const isCurrentAccountFormat = (v: string) => v.length === 20 && digitsOnly(v) && v.startsWith('40')
export const isCorrespondentAccountFormat = (v: string) => v.length === 20 && digitsOnly(v) && v.startsWith('30101')
