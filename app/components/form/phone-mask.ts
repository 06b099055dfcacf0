import { PHONE_MASK } from '../../../server/contracts/phone'

/**
 * imask's `prepare` hook for the phone mask `PHONE_MASK` (`+7 (000) 000-00-00`): the country
 * digit a shopper types or pastes never goes into the area code. It sees each insertion before
 * the mask places it — one typed key, a whole pasted/autofilled string, or the form's own value:
 * - typed into an empty field, 8 is the trunk prefix and stands for the country code, as 7
 *   already does (imask takes a typed 7 as the mask's fixed "+7"): 8 9 1 6 … → "+7 (916…";
 *   an 8 typed after that is an area-code digit (+7 (812), +7 (800));
 * - a whole number of 11 digits starting with 7 or 8, inserted while no area digit is in the
 *   field, drops its country digit: 89161234567, +7 916 123-45-67, 79161234567.
 * Ten digits (9161234567) need nothing. All give "+7 (916) 123-45-67".
 * Zod-free and React-free (unit-tested against imask itself in tests/unit/phone-mask.test.ts);
 * imask itself is only a type here.
 */
export function preparePhone(str: string, masked: { value: string; unmaskedValue: string }): string {
  if (masked.unmaskedValue !== '') return str
  if (str.length === 1) return str === '8' && masked.value === '' ? '7' : str
  const digits = str.replace(/\D/g, '')
  return digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : str
}

/** The slice of imask's `IMask(el, options)` the phone field uses (imask is loaded on demand). */
type IMaskFactory = typeof import('imask').default
export type PhoneInputMask = ReturnType<typeof attachPhoneMask>

/**
 * Puts the phone mask on an input that is already on the page (ADR 028): the same element keeps
 * its focus and its text. What was typed before the mask arrived is replayed into it key by key,
 * exactly as if the mask had been there (so a leading 8 is still the country code), then shown
 * formatted; `onAccept(value)` gets the masked value now and after every later change.
 */
export function attachPhoneMask(IMask: IMaskFactory, input: HTMLInputElement, onAccept: (value: string) => void) {
  const typed = input.value
  input.value = ''
  const mask = IMask(input, { mask: PHONE_MASK, prepare: preparePhone })
  for (const key of typed) mask.masked.splice(mask.masked.value.length, 0, key, 'NONE', { input: true, raw: true })
  mask.updateControl(mask.masked.value.length)
  mask.on('accept', () => onAccept(mask.value))
  if (mask.value !== typed) onAccept(mask.value)
  return mask
}
