import { createTRPCRouter, publicProcedure } from '../init'
import * as searchService from '../../services/search'
import { SearchInput, SuggestInput } from '../../contracts/catalog'

export const searchRouter = createTRPCRouter({
  query: publicProcedure.input(SearchInput).query(({ ctx, input }) => searchService.search(ctx, input)),
  suggest: publicProcedure.input(SuggestInput).query(({ ctx, input }) => searchService.suggest(ctx, input)),
})
