import { createTRPCRouter, publicProcedure } from '../init'
import { resolveEntity, resolveLink } from '../../services/entity'
import { EntityInput, LinkInput } from '../../contracts/entity'

export const pageRouter = createTRPCRouter({
  /**
   * The same answer as REST /api/entity/. No local retry on not-found: the full lookup has
   * already tried every local page (the original client's retry of /local/entity/ can only
   * answer not-found again).
   */
  entity: publicProcedure.input(EntityInput).query(({ ctx, input }) => resolveEntity(ctx, input)),
  link: publicProcedure.input(LinkInput).query(({ ctx, input }) => resolveLink(ctx, input.entity)),
})
