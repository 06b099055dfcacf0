import { createTRPCRouter, publicProcedure } from '../init'
import { resolveEntity, resolveLink } from '../../services/entity'
import { EntityInput, LinkInput } from '../../contracts/entity'

export const pageRouter = createTRPCRouter({
  /** Resolves the page; on not-found retries the local lookup once, as the original client does. */
  entity: publicProcedure.input(EntityInput).query(({ ctx, input }) => {
    const entity = resolveEntity(ctx, input)
    if (entity.type !== 'not-found') return entity
    return resolveEntity(ctx, input, { localOnly: true })
  }),
  link: publicProcedure.input(LinkInput).query(({ ctx, input }) => resolveLink(ctx, input.entity)),
})
