/** Zod-free, so the order page can use it without the validation library. */

/** The address line with entrance, floor and intercom when given ('…, подъезд 2, этаж 5, домофон 25К'). */
export function addressLine(
  a: { full: string; entrance?: string; floor?: string; intercom?: string },
  say: (key: 'address.entrance' | 'address.floor' | 'address.intercom', value: string) => string,
): string {
  const extras = (
    [
      ['address.entrance', a.entrance],
      ['address.floor', a.floor],
      ['address.intercom', a.intercom],
    ] as const
  )
    .filter(([, v]) => v && v.trim())
    .map(([k, v]) => say(k, v!.trim()))
  return [a.full, ...extras].join(', ')
}
