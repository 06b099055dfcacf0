import { createTRPCRouter, publicProcedure } from '../init'
import { CartAddInput, CartRemoveInput, CartSetInput, PromoInput, PromoRemoveInput } from '../../contracts/cart'
import { addToCart, applyPromo, getCart, removeFromCart, removePromo, setCartQuantity } from '../../services/cart'

export const cartRouter = createTRPCRouter({
  get: publicProcedure.query(({ ctx }) => getCart(ctx)),
  add: publicProcedure.input(CartAddInput).mutation(({ ctx, input }) => addToCart(ctx, input)),
  update: publicProcedure.input(CartSetInput).mutation(({ ctx, input }) => setCartQuantity(ctx, input)),
  remove: publicProcedure.input(CartRemoveInput).mutation(({ ctx, input }) => removeFromCart(ctx, input)),
  applyPromo: publicProcedure.input(PromoInput).mutation(({ ctx, input }) => applyPromo(ctx, input)),
  removePromo: publicProcedure.input(PromoRemoveInput).mutation(({ ctx, input }) => removePromo(ctx, input)),
})
