import { createTRPCRouter, publicProcedure } from '../init'
import * as site from '../../services/site'
import { setUserCity } from '../../services/city'
import { SetCityInput } from '../../contracts/site'

export const siteRouter = createTRPCRouter({
  options: publicProcedure.query(({ ctx }) => site.getSiteOptions(ctx)),
  contacts: publicProcedure.query(({ ctx }) => site.siteContactsList(ctx)),
  cities: publicProcedure.query(({ ctx }) => site.siteCities(ctx)),
  userCity: publicProcedure.query(({ ctx }) => site.userCity(ctx)),
  navHeader: publicProcedure.query(({ ctx }) => site.navHeader(ctx)),
  navFooter: publicProcedure.query(({ ctx }) => site.navFooter(ctx)),
  catalogSections: publicProcedure.query(({ ctx }) => site.catalogSectionLinks(ctx)),
  servicesSections: publicProcedure.query(({ ctx }) => site.serviceSectionLinks(ctx)),
  /** Everything the shell needs, in one call (the tRPC twin of the startup batch). */
  shell: publicProcedure.query(({ ctx }) => ({
    options: site.getSiteOptions(ctx),
    description: site.getSiteDescription(ctx),
    contacts: site.siteContactsList(ctx),
    cities: site.siteCities(ctx),
    userCity: site.userCity(ctx),
    navHeader: site.navHeader(ctx),
    navFooter: site.navFooter(ctx),
    catalogSections: site.catalogSectionLinks(ctx),
    servicesSections: site.serviceSectionLinks(ctx),
    locale: ctx.locale,
  })),
  setCity: publicProcedure.input(SetCityInput).mutation(({ ctx, input }) => setUserCity(ctx, input)),
})
