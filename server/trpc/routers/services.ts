import { createTRPCRouter, publicProcedure } from '../init'
import { ServicePriceInput } from '../../contracts/services'
import { servicePrice } from '../../services/services'

export const servicesRouter = createTRPCRouter({
  /** The calculator on the server: the same `calculateServicePrice` the page shows. */
  price: publicProcedure.input(ServicePriceInput).query(({ ctx, input }) => servicePrice(ctx, input)),
})
