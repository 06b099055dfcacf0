import { z } from 'zod'
import { id, idOrIds, int } from './common'
import { registerMessages } from './i18n'
import { formatNumber } from './number-format'

/**
 * Cart contract (API §4): inputs, answer shape and the pure pricing / promo rules shared by
 * the service, the REST and tRPC adapters and the React cart page.
 *
 * Ids: a cart call names a product (its default offer) or one of its volume options ("offers",
 * ids from OFFER_ID_MIN). See docs/decisions/006-offer-ids.md.
 */
export const OFFER_ID_MIN = 1_000_001
export const isOfferId = (n: number) => n >= OFFER_ID_MIN
/** Upper bound of one line: a guard against absurd input, far above any stock. */
export const MAX_LINE_QUANTITY = 9999
/**
 * Upper bound of one line of an order that takes stock with nothing paid (one-click, pay on
 * delivery): such an order holds its goods until a manager confirms it, so one caller cannot
 * take a product's whole stock with it. Orders paid online are bounded by stock only (their hold
 * expires, see server/services/order-holds.ts).
 */
export const MAX_UNPAID_LINE_QUANTITY = 10

const quantity = () => int().pipe(z.number().min(1).max(MAX_LINE_QUANTITY))

export const CartAddInput = z.object({ id: id(), quantity: quantity().optional().default(1) })
export type CartAddInput = z.input<typeof CartAddInput>
export const CartSetInput = z.object({ id: id(), quantity: quantity() })
export type CartSetInput = z.input<typeof CartSetInput>
export const CartRemoveInput = z.object({ id: idOrIds() })
export type CartRemoveInput = z.input<typeof CartRemoveInput>
export const PromoInput = z.object({ promocode: z.string().trim().min(1).max(64) })
export type PromoInput = z.input<typeof PromoInput>
export const PromoRemoveInput = z.object({ promocode: z.string().trim().max(64).optional() })

export const Price = z.object({ value: z.number().int(), discount: z.number().int() })
export type Price = z.infer<typeof Price>

export const ImageRef = z.object({ src: z.string(), width: z.number(), height: z.number(), alt: z.string() })

export const CartItem = z.object({
  /** The offer (volume option) id. */
  id: z.number().int(),
  productId: z.number().int(),
  volume: z.number().int(),
  name: z.string(),
  link: z.string(),
  image: ImageRef,
  quantity: z.number().int(),
  /** For the line: unit price × quantity; discount = savings against the regular price. */
  price: Price,
  unitPrice: Price,
  stock: z.number().int(),
})
export type CartItem = z.infer<typeof CartItem>

export const Cart = z.object({
  success: z.boolean(),
  message: z.string(),
  items: z.array(CartItem),
  amount: z.object({
    /** Total units. */
    quantity: z.number().int(),
    /** value = to pay after the promo code; discount = all savings incl. the promo code. */
    price: Price,
    /** Sum of the lines before the promo code. */
    subtotal: z.number().int(),
    /** What the promo code takes off. */
    promoDiscount: z.number().int(),
  }),
  promocode: z.string().nullable(),
  /**
   * The promo code's state in this answer (issue 17): `applied` (it counts), `dropped` (the cart's
   * code stopped applying and was removed by this very answer; `reason` says why), or null (none).
   */
  promo: z
    .object({
      code: z.string(),
      status: z.enum(['applied', 'dropped']),
      reason: z.string().optional(),
    })
    .nullable()
    .optional(),
  /**
   * Courier delivery for this total (see `deliveryPrice`): its price, the free-delivery threshold
   * and what is left to reach it (0 when free). `changed`: this change of the cart made delivery
   * `paid` (e.g. a promo code took the total under the threshold) or `free`.
   */
  delivery: z
    .object({
      price: z.number().int(),
      freeFrom: z.number().int().nullable(),
      left: z.number().int(),
      changed: z.enum(['paid', 'free']).optional(),
    })
    .optional(),
})
export type Cart = z.infer<typeof Cart>

/* ---------- delivery ---------- */

export { deliveryPrice, freeDeliveryLeft } from './delivery'

/* ---------- pure rules ---------- */

export interface PromoRule {
  code: string
  kind: 'percent' | 'fixed'
  value: number
  minSum: number
  validFrom: number | null
  validTo: number | null
  usageLimit: number | null
  usedCount: number
  /** Only for a customer with no earlier order that was not cancelled. */
  firstOrderOnly: boolean
  /** Uses per customer (orders not cancelled); null = no limit. */
  perCustomerLimit: number | null
}

export type PromoProblem =
  | { key: 'cart.promoNotStarted' }
  | { key: 'cart.promoExpired' }
  | { key: 'cart.promoExhausted' }
  | { key: 'cart.promoMinSum'; params: { min: string } }
  | { key: 'cart.promoEmpty' }
  | { key: 'cart.promoFirstOrder' }
  | { key: 'cart.promoCustomerLimit'; params: { limit: number } }

export const normalizePromoCode = (raw: string) => raw.trim().toUpperCase()

/** Why a code does not apply to a cart worth `subtotal` at `now`; null when it applies. */
export function promoProblem(promo: PromoRule, subtotal: number, now: number): PromoProblem | null {
  if (promo.validFrom !== null && now < promo.validFrom) return { key: 'cart.promoNotStarted' }
  if (promo.validTo !== null && now > promo.validTo) return { key: 'cart.promoExpired' }
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return { key: 'cart.promoExhausted' }
  if (subtotal <= 0) return { key: 'cart.promoEmpty' }
  if (subtotal < promo.minSum) return { key: 'cart.promoMinSum', params: { min: formatNumber(promo.minSum) } }
  return null
}

/** A customer's earlier orders that were not cancelled: how many, and how many used the code. */
export interface PromoHistory {
  orders: number
  uses: number
}

/**
 * Why a code does not apply to this customer (account, or else phone) given their history; null
 * when it applies. Checked at checkout (the phone is known there) and in a signed-in cart.
 */
export function customerPromoProblem(
  promo: Pick<PromoRule, 'firstOrderOnly' | 'perCustomerLimit'>,
  history: PromoHistory,
): PromoProblem | null {
  if (promo.firstOrderOnly && history.orders > 0) return { key: 'cart.promoFirstOrder' }
  if (promo.perCustomerLimit !== null && history.uses >= promo.perCustomerLimit)
    return { key: 'cart.promoCustomerLimit', params: { limit: promo.perCustomerLimit } }
  return null
}

/** Roubles the code takes off `subtotal`: percent rounded down, fixed capped at the sum. */
export function promoDiscount(promo: Pick<PromoRule, 'kind' | 'value'>, subtotal: number): number {
  if (subtotal <= 0) return 0
  const raw =
    promo.kind === 'percent' ? Math.floor((subtotal * Math.min(100, Math.max(0, promo.value))) / 100) : promo.value
  return Math.max(0, Math.min(subtotal, raw))
}

export interface PricedLine {
  quantity: number
  unitPrice: number
  /** Regular (crossed-out) price, when the offer is discounted. */
  oldPrice: number | null
}

/** Unit and line prices `{value, discount}` of one line. */
export function linePrice(line: PricedLine): { unit: Price; line: Price } {
  const unitDiscount = line.oldPrice !== null && line.oldPrice > line.unitPrice ? line.oldPrice - line.unitPrice : 0
  return {
    unit: { value: line.unitPrice, discount: unitDiscount },
    line: { value: line.unitPrice * line.quantity, discount: unitDiscount * line.quantity },
  }
}

/** The cart's `amount` from its lines and the promo discount. */
export function cartAmount(lines: PricedLine[], promo: Pick<PromoRule, 'kind' | 'value'> | null) {
  let quantity = 0
  let subtotal = 0
  let saleDiscount = 0
  for (const l of lines) {
    const p = linePrice(l).line
    quantity += l.quantity
    subtotal += p.value
    saleDiscount += p.discount
  }
  const promoOff = promo ? promoDiscount(promo, subtotal) : 0
  return {
    quantity,
    subtotal,
    promoDiscount: promoOff,
    price: { value: subtotal - promoOff, discount: saleDiscount + promoOff },
  }
}

const cartMessages = {
  en: {
    'cart.added': 'Added to cart',
    'cart.updated': 'Cart updated',
    'cart.removed': 'Removed from cart',
    'cart.unknownProduct': 'Product not found',
    'cart.notInCart': 'This product is not in the cart',
    'cart.outOfStock': '"{name}" is out of stock',
    'cart.beyondStock': 'Only {stock} pcs of "{name}" in stock',
    'cart.promoApplied': 'Promo code applied',
    'cart.promoRemoved': 'Promo code removed',
    'cart.promoUnknown': 'Promo code not found',
    'cart.promoNotStarted': 'This promo code is not active yet',
    'cart.promoExpired': 'This promo code has expired',
    'cart.promoExhausted': 'This promo code has been used up',
    'cart.promoMinSum': 'The promo code applies to orders from {min} ₽',
    'cart.promoEmpty': 'Add products to the cart first',
    'cart.promoFirstOrder': 'This promo code is for the first order only',
    'cart.promoCustomerLimit': 'You have already used this promo code as many times as allowed ({limit})',
    'cart.promoDropped': 'Promo code {code} no longer applies and was removed: {reason}',
    'promo.title': 'Offers and promo codes',
  },
  ru: {
    'cart.added': 'Товар добавлен в корзину',
    'cart.updated': 'Корзина обновлена',
    'cart.removed': 'Товар удалён из корзины',
    'cart.unknownProduct': 'Товар не найден',
    'cart.notInCart': 'Этого товара нет в корзине',
    'cart.outOfStock': '«{name}» нет в наличии',
    'cart.beyondStock': 'В наличии только {stock} шт. «{name}»',
    'cart.promoApplied': 'Промокод применён',
    'cart.promoRemoved': 'Промокод удалён',
    'cart.promoUnknown': 'Промокод не найден',
    'cart.promoNotStarted': 'Промокод ещё не действует',
    'cart.promoExpired': 'Срок действия промокода истёк',
    'cart.promoExhausted': 'Промокод уже использован',
    'cart.promoMinSum': 'Промокод действует при заказе от {min} ₽',
    'cart.promoEmpty': 'Сначала добавьте товары в корзину',
    'cart.promoFirstOrder': 'Промокод действует только на первый заказ',
    'cart.promoCustomerLimit': 'Вы уже использовали этот промокод максимальное число раз ({limit})',
    'cart.promoDropped': 'Промокод {code} больше не действует и удалён: {reason}',
    'promo.title': 'Акции и промокоды',
  },
}
registerMessages(cartMessages)
