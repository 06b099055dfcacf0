import { z } from 'zod'
import { defineRoute } from '../registry'
import { Cart, CartAddInput, CartRemoveInput, CartSetInput, PromoInput, PromoRemoveInput } from '../../contracts/cart'
import { addToCart, applyPromo, getCart, removeFromCart, removePromo, setCartQuantity } from '../../services/cart'

const tags = ['cart']

export const cartRoutes = [
  defineRoute({
    method: 'GET',
    path: '/cart-list/',
    summary: 'The cart: lines (id = offer id), amount and the applied promo code',
    tags,
    input: z.object({}).passthrough(),
    output: Cart,
    handler: (_input, ctx) => getCart(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/cart-list/',
    summary: 'Add a product (its default volume) or an offer; increases an existing line. Beyond stock: 409',
    tags,
    input: CartAddInput,
    output: Cart,
    errors: [404, 409, 422],
    handler: (input, ctx) => addToCart(ctx, input),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/cart-list/',
    summary: "Set a line's quantity (1..stock); beyond stock: 409; not in the cart: 404",
    tags,
    input: CartSetInput,
    output: Cart,
    errors: [404, 409, 422],
    handler: (input, ctx) => setCartQuantity(ctx, input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/cart-list/',
    summary: 'Remove lines by offer id or product id (all its volumes); unknown ids are ignored',
    tags,
    input: CartRemoveInput,
    output: Cart,
    errors: [422],
    handler: (input, ctx) => removeFromCart(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/cart-promocode/',
    summary: 'Apply a promo code (case-insensitive); invalid or not applicable: 422 with the reason',
    tags,
    input: PromoInput,
    output: Cart,
    errors: [422],
    handler: (input, ctx) => applyPromo(ctx, input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/cart-promocode/',
    summary: 'Remove the applied promo code',
    tags,
    input: PromoRemoveInput,
    output: Cart,
    handler: (input, ctx) => removePromo(ctx, input),
  }),
]
