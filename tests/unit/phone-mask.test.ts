import { describe, expect, it } from 'vitest'
import IMask from 'imask'
import { PHONE_MASK } from '../../server/contracts/common'
import { preparePhone } from '../../app/components/form/phone-mask'

/** The phone field's mask, driven as the input element drives it (imask's InputMask._onInput). */
const mask = () => IMask.createMask({ mask: PHONE_MASK, prepare: preparePhone })
const flags = { input: true, raw: true }

function typed(keys: string) {
  const m = mask()
  for (const key of keys) m.splice(m.value.length, 0, key, 'NONE', flags)
  return m.value
}
function pasted(text: string) {
  const m = mask()
  m.splice(0, 0, text, 'NONE', flags)
  return m.value
}
/** The form's own value set back into the field (react-imask's controlled `value`). */
function assigned(text: string) {
  const m = mask()
  m.value = text
  return m.value
}

const EXPECTED = '+7 (916) 123-45-67'

describe('the phone mask takes every usual spelling of a Russian number', () => {
  for (const spelling of [
    '89161234567',
    '+79161234567',
    '79161234567',
    '9161234567',
    '8 (916) 123-45-67',
    '+7 916 123 45 67',
  ]) {
    it(`typed or pasted: ${spelling}`, () => {
      expect(typed(spelling)).toBe(EXPECTED)
      expect(pasted(spelling)).toBe(EXPECTED)
    })
  }
  it('keeps its own formatted value', () => {
    expect(assigned(EXPECTED)).toBe(EXPECTED)
    expect(assigned('+7 (891) 2')).toBe('+7 (891) 2')
  })
  it('an 8 after the country code is an area-code digit (St Petersburg, 8-800)', () => {
    expect(typed('+7812')).toBe('+7 (812')
    expect(typed('7812')).toBe('+7 (812')
    expect(typed('88123456789')).toBe('+7 (812) 345-67-89')
    expect(typed('88001234567')).toBe('+7 (800) 123-45-67')
  })
  it('a partial number stays partial', () => {
    expect(typed('8916')).toBe('+7 (916')
    expect(typed('912345')).toBe('+7 (912) 345')
  })
})
