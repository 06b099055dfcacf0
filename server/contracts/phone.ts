// Zod-free, so the browser's phone field and account pages format numbers without loading zod (ADR 028).

export const PHONE_MASK = '+7 (000) 000-00-00'

/** '+7 (912) 345-67-89', '89123456789', '+79123456789' → '+79123456789'; anything short stays invalid. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, '')
  if (digits.length !== 11) return null
  if (digits[0] !== '7' && digits[0] !== '8') return null
  return `+7${digits.slice(1)}`
}

export function formatPhone(normalized: string): string {
  const d = normalized.replace(/\D/g, '').slice(1)
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`
}

/**
 * A Russian mobile number (+7 9xx…), the only numbers the shop texts (ADR 040): not 8-800, not a
 * landline. `normalized` is normalizePhone's answer.
 */
export const isRussianMobile = (normalized: string): boolean => /^\+79\d{9}$/.test(normalized)
