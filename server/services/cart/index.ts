/**
 * The cart (API §4). Lines are keyed by offer (volume option); a call may name a product,
 * which means its default offer. Every mutation runs in one IMMEDIATE transaction (read,
 * check stock, write) and answers the whole cart; the promo code is re-checked each time
 * and dropped, with a message, once it stops applying.
 *
 * By concern: rows.ts (reading the rows), promo.ts (promo codes and their customer's history),
 * state.ts (the cart as answered), offers.ts (ids and stock), mutations.ts (the API's changes),
 * merge.ts (the visitor's cart joining the account's at sign-in).
 */
export { cartLineRows, findCart, productLink, type CartLineRow, type Tx } from './rows'
export {
  currentPromos,
  customerProblem,
  promoByCode,
  promoHistory,
  signedInCustomer,
  type PromoCustomer,
  type PublicPromo,
} from './promo'
export { cartState, getCart, type CartState } from './state'
export { resolveOffer } from './offers'
export { addToCart, applyPromo, removeFromCart, removePromo, setCartQuantity } from './mutations'
export { mergeVisitorCart } from './merge'
