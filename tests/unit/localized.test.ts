import { describe, expect, it } from 'vitest'
import { localized, localizedText } from '../../server/contracts/localized'

describe('localized()', () => {
  const row = { description: 'Мягко очищает', descriptionEn: 'Gently cleanses' as string | null }

  it('gives the Russian text in Russian, the English one in English', () => {
    expect(localized(row, 'description', 'ru')).toEqual({ value: 'Мягко очищает', ru: false })
    expect(localized(row, 'description', 'en')).toEqual({ value: 'Gently cleanses', ru: false })
    expect(localizedText(row, 'description', 'en')).toBe('Gently cleanses')
  })

  it('falls back to the Russian text, flagged, when the English one is missing or blank', () => {
    expect(localized({ ...row, descriptionEn: null }, 'description', 'en')).toEqual({
      value: 'Мягко очищает',
      ru: true,
    })
    expect(localized({ ...row, descriptionEn: '  ' }, 'description', 'en')).toEqual({
      value: 'Мягко очищает',
      ru: true,
    })
    expect(localized({ description: 'Мягко' }, 'description', 'en').ru).toBe(true)
  })

  it('does not flag a fallback that has no Russian in it (a brand name, an empty text)', () => {
    expect(localized({ name: 'Olaplex', nameEn: null }, 'name', 'en')).toEqual({ value: 'Olaplex', ru: false })
    expect(localized({ attributes: [], attributesEn: null }, 'attributes', 'en').ru).toBe(false)
  })

  it('works for lists (1C attributes, contact lines)', () => {
    const attrs = { attributes: [{ name: 'Объём', value: '250' }], attributesEn: null }
    expect(localized(attrs, 'attributes', 'en')).toEqual({ value: attrs.attributes, ru: true })
    const lines = { workhours: ['Пн–Пт'], workhoursEn: ['Mon–Fri'] }
    expect(localizedText(lines, 'workhours', 'en')).toEqual(['Mon–Fri'])
  })
})
