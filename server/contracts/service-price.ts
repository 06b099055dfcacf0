/**
 * The price calculator of services: pure functions with no dependencies (not even zod), so the
 * service page ships only this and not the schema library. `server/contracts/services.ts`
 * re-exports it next to the API schemas.
 */

export interface ServiceParamOption {
  value: string
  label: string
  /** Multiplier in percent: 100 = base price, 130 = +30 %. */
  percent: number
}

export interface ServiceParamDef {
  code: string
  label: string
  kind: 'select' | 'number'
  options?: ServiceParamOption[]
  min?: number
  max?: number
  step?: number
  /** Roubles added for each unit above `min`. */
  perUnit?: number
  unit?: string
}

export interface PricedService {
  basePrice: number
  params: ServiceParamDef[]
}

export type ServiceValues = Record<string, string | number>

export function numberBounds(p: ServiceParamDef): { min: number; max: number; step: number } {
  const min = p.min ?? 0
  const step = p.step && p.step > 0 ? p.step : 1
  return { min, max: Math.max(min, p.max ?? min), step }
}

/** Clamps to [min, max] and snaps down onto the grid min, min+step, … (what the page keeps). */
export function snapToStep(p: ServiceParamDef, value: number): number {
  const { min, max, step } = numberBounds(p)
  if (!Number.isFinite(value)) return min
  const clamped = Math.min(Math.max(value, min), max)
  return min + Math.floor((clamped - min) / step) * step
}

/** The starting values of the calculator: the first option of each select, `min` of each number. */
export function defaultServiceValues(params: ServiceParamDef[]): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const p of params) {
    if (p.kind === 'select') out[p.code] = p.options?.[0]?.value ?? ''
    else out[p.code] = numberBounds(p).min
  }
  return out
}

/**
 * The price of a service for the chosen inputs, in whole roubles:
 *
 *     price = round( (basePrice + Σ perUnit × (n − min)) × Π percent / 100 )
 *
 * - each `number` input n adds `perUnit` roubles per unit above its `min`; n is first clamped to
 *   [min, max] and snapped down to the step grid (min, min + step, …);
 * - each `select` input multiplies the subtotal by its option's percent (130 → ×1.3);
 *   an unknown or missing option counts as the first option, a missing number as `min`.
 *
 * Total and pure: any input gives a price. The server validates values before calling it
 * (`validateServiceValues`), so a bad option is a 422 there, never a silent default.
 */
export function calculateServicePrice(service: PricedService, values: Partial<ServiceValues> = {}): number {
  let subtotal = service.basePrice
  let numerator = 1
  let denominator = 1
  for (const p of service.params) {
    const raw = values[p.code]
    if (p.kind === 'number') {
      const n = snapToStep(p, typeof raw === 'number' ? raw : Number(raw ?? NaN))
      subtotal += (p.perUnit ?? 0) * (n - numberBounds(p).min)
    } else {
      const options = p.options ?? []
      const option = options.find((o) => o.value === raw) ?? options[0]
      if (option) {
        numerator *= option.percent
        denominator *= 100
      }
    }
  }
  // Integer arithmetic until the one division: no 0.1 + 0.2 artefacts.
  return Math.max(0, Math.round((subtotal * numerator) / denominator))
}

/** The lowest price of a service ("from 1 800 ₽"): the cheapest option of each select, numbers at min. */
export function minServicePrice(service: PricedService): number {
  const values: ServiceValues = {}
  for (const p of service.params) {
    if (p.kind === 'select' && p.options?.length) {
      values[p.code] = p.options.reduce((a, b) => (b.percent < a.percent ? b : a)).value
    }
  }
  return calculateServicePrice(service, values)
}

/**
 * Strict check of calculator input against a service's params. Returns the resolved values
 * (defaults filled in, numbers as numbers) or per-field error types:
 * `choice` (unknown option), `integer`, `min`, `max`, `default` (off the step grid, unknown param).
 */
export function validateServiceValues(
  params: ServiceParamDef[],
  input: Record<string, unknown>,
): { values: ServiceValues; errors: Record<string, { type: string; params?: Record<string, number> }> } {
  const values: ServiceValues = defaultServiceValues(params)
  // Collected as pairs: a key such as "__proto__" must stay a plain own key, never a prototype.
  const errors: [string, { type: string; params?: Record<string, number> }][] = []
  for (const [code, raw] of Object.entries(input)) {
    const p = params.find((x) => x.code === code)
    if (!p) {
      errors.push([code, { type: 'default' }])
      continue
    }
    if (raw === undefined || raw === null || raw === '') continue
    if (p.kind === 'select') {
      const option = typeof raw === 'string' ? p.options?.find((o) => o.value === raw) : undefined
      if (!option) errors.push([code, { type: 'choice' }])
      else values[code] = option.value
      continue
    }
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN
    const { min, max, step } = numberBounds(p)
    if (!Number.isInteger(n)) errors.push([code, { type: 'integer' }])
    else if (n < min) errors.push([code, { type: 'min', params: { min } }])
    else if (n > max) errors.push([code, { type: 'max', params: { max } }])
    else if ((n - min) % step !== 0) errors.push([code, { type: 'default' }])
    else values[code] = n
  }
  return { values, errors: Object.fromEntries(errors) }
}
