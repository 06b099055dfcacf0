import { describe, expect, it } from 'vitest'
import {
  calculateServicePrice,
  defaultServiceValues,
  minServicePrice,
  snapToStep,
  validateServiceValues,
  type PricedService,
  type ServiceParamDef,
} from '../../server/contracts/services'

const LENGTH: ServiceParamDef = {
  code: 'length',
  label: 'Длина',
  kind: 'select',
  options: [
    { value: 'short', label: 'Короткие', percent: 100 },
    { value: 'medium', label: 'Средние', percent: 130 },
    { value: 'long', label: 'Длинные', percent: 160 },
  ],
}
const DENSITY: ServiceParamDef = {
  code: 'density',
  label: 'Густота',
  kind: 'select',
  options: [
    { value: 'thin', label: 'Редкие', percent: 100 },
    { value: 'thick', label: 'Густые', percent: 115 },
  ],
}
const STRANDS: ServiceParamDef = {
  code: 'strands',
  label: 'Пряди',
  kind: 'number',
  min: 50,
  max: 300,
  step: 25,
  perUnit: 90,
}

const haircut: PricedService = { basePrice: 1800, params: [LENGTH, DENSITY] }
const extensions: PricedService = { basePrice: 12000, params: [STRANDS] }
const braids: PricedService = {
  basePrice: 1000,
  params: [LENGTH, { code: 'braids', label: 'Косы', kind: 'number', min: 1, max: 10, step: 1, perUnit: 400 }],
}

describe('calculateServicePrice', () => {
  it('is the base price for the default inputs', () => {
    expect(calculateServicePrice(haircut, defaultServiceValues(haircut.params))).toBe(1800)
    expect(calculateServicePrice(haircut)).toBe(1800)
    expect(calculateServicePrice({ basePrice: 2000, params: [] }, {})).toBe(2000)
  })

  it('multiplies by each select option percent, rounding once to whole roubles', () => {
    expect(calculateServicePrice(haircut, { length: 'medium' })).toBe(2340)
    expect(calculateServicePrice(haircut, { length: 'medium', density: 'thick' })).toBe(2691) // 1800 × 1.3 × 1.15
    expect(calculateServicePrice({ basePrice: 999, params: [DENSITY] }, { density: 'thick' })).toBe(1149) // 1148.85
    expect(Number.isInteger(calculateServicePrice(haircut, { length: 'long', density: 'thick' }))).toBe(true)
  })

  it('adds perUnit roubles for every unit above min of a number input', () => {
    expect(calculateServicePrice(extensions, { strands: 50 })).toBe(12000)
    expect(calculateServicePrice(extensions, { strands: 100 })).toBe(12000 + 90 * 50)
    expect(calculateServicePrice(extensions, { strands: 300 })).toBe(12000 + 90 * 250)
  })

  it('applies the multipliers to the whole subtotal, numbers included', () => {
    expect(calculateServicePrice(braids, { length: 'long', braids: 3 })).toBe(Math.round((1000 + 400 * 2) * 1.6))
  })

  it('clamps numbers to the range and snaps them down to the step grid', () => {
    expect(calculateServicePrice(extensions, { strands: 10 })).toBe(12000)
    expect(calculateServicePrice(extensions, { strands: 10_000 })).toBe(12000 + 90 * 250)
    expect(calculateServicePrice(extensions, { strands: 99 })).toBe(12000 + 90 * 25) // → 75
    expect(calculateServicePrice(extensions, { strands: '125' })).toBe(12000 + 90 * 75)
    expect(snapToStep(STRANDS, 99)).toBe(75)
    expect(snapToStep(STRANDS, Number.NaN)).toBe(50)
  })

  it('treats an unknown or missing option as the first option (total function)', () => {
    expect(calculateServicePrice(haircut, { length: 'nope' })).toBe(1800)
    expect(calculateServicePrice(haircut, { unrelated: 'x' })).toBe(1800)
  })

  it('gives the lowest price with minServicePrice', () => {
    const reversed: PricedService = {
      basePrice: 1000,
      params: [{ ...DENSITY, options: [...(DENSITY.options ?? [])].reverse() }],
    }
    expect(calculateServicePrice(reversed)).toBe(1150)
    expect(minServicePrice(reversed)).toBe(1000)
  })
})

describe('validateServiceValues', () => {
  it('fills defaults and accepts valid inputs, numeric strings included', () => {
    const { values, errors } = validateServiceValues([LENGTH, STRANDS], { length: 'long', strands: '150' })
    expect(errors).toEqual({})
    expect(values).toEqual({ length: 'long', strands: 150 })
    expect(validateServiceValues([LENGTH, STRANDS], {}).values).toEqual({ length: 'short', strands: 50 })
  })

  it('names the field of each bad input', () => {
    const { errors } = validateServiceValues([LENGTH, STRANDS], { length: 'huge', strands: 60 })
    expect(errors.length?.type).toBe('choice')
    expect(errors.strands?.type).toBe('default')
    expect(validateServiceValues([STRANDS], { strands: 25 }).errors.strands).toEqual({
      type: 'min',
      params: { min: 50 },
    })
    expect(validateServiceValues([STRANDS], { strands: 325 }).errors.strands).toEqual({
      type: 'max',
      params: { max: 300 },
    })
    expect(validateServiceValues([STRANDS], { strands: 'abc' }).errors.strands?.type).toBe('integer')
    expect(validateServiceValues([STRANDS], { strands: 75.5 }).errors.strands?.type).toBe('integer')
    expect(validateServiceValues([STRANDS], { colour: 'red' }).errors.colour?.type).toBe('default')
    expect(validateServiceValues([LENGTH], { length: 3 }).errors.length?.type).toBe('choice')
  })
})
