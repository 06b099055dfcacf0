import { createTRPCRouter, publicProcedure } from '../init'
import * as favorites from '../../services/favorites'
import { FavoriteAddInput, FavoriteRemoveInput } from '../../contracts/catalog'

export const favoritesRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) => favorites.listFavorites(ctx)),
  add: publicProcedure.input(FavoriteAddInput).mutation(({ ctx, input }) => favorites.addFavorite(ctx, input.id)),
  remove: publicProcedure
    .input(FavoriteRemoveInput)
    .mutation(({ ctx, input }) => favorites.removeFavorites(ctx, input.id)),
})
