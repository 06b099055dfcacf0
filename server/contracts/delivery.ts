// Delivery rules without zod, so the browser's checkout reads them without loading zod (ADR 028).

/** The pickup delivery method's code. */
export const PICKUP = 'pickup'

/** The one free-delivery rule: a method's price for a total to pay of `payable` roubles. */
export function deliveryPrice(method: { price: number; freeFrom: number | null }, payable: number): number {
  return method.freeFrom !== null && payable >= method.freeFrom ? 0 : method.price
}

/** Roubles still missing to free delivery (0 when it is free already or never free). */
export function freeDeliveryLeft(method: { price: number; freeFrom: number | null }, payable: number): number {
  if (method.freeFrom === null || deliveryPrice(method, payable) === 0) return 0
  return method.freeFrom - payable
}
