import { createTRPCRouter, publicProcedure } from '../init'
import * as site from '../../services/site'
import { setUserCity } from '../../services/city'
import { SetCityInput } from '../../contracts/site'
import { contactRecordFor } from '../../contracts/contacts'

export const siteRouter = createTRPCRouter({
  options: publicProcedure.query(({ ctx }) => site.getSiteOptions(ctx)),
  contacts: publicProcedure.query(({ ctx }) => site.siteContactsList(ctx)),
  cities: publicProcedure.query(({ ctx }) => site.siteCities(ctx)),
  userCity: publicProcedure.query(({ ctx }) => site.userCity(ctx)),
  navHeader: publicProcedure.query(({ ctx }) => site.navHeader(ctx)),
  navFooter: publicProcedure.query(({ ctx }) => site.navFooter(ctx)),
  catalogSections: publicProcedure.query(({ ctx }) => site.catalogSectionLinks(ctx)),
  servicesSections: publicProcedure.query(({ ctx }) => site.serviceSectionLinks(ctx)),
  /**
   * Everything the shell needs, in one call (the tRPC twin of the startup batch). Of the contact
   * records only the one the page shows (the city's, `contactRecordFor`): every page's HTML
   * carries this answer for hydration, and all cities' records were ~6 KB of it (issue 14 §2).
   */
  shell: publicProcedure.query(async ({ ctx }) => {
    const userCity = await site.userCity(ctx)
    const record = contactRecordFor(await site.siteContactsList(ctx), userCity.id)
    return {
      options: await site.getSiteOptions(ctx),
      description: await site.getSiteDescription(ctx),
      contacts: record ? [site.withSocialLabels(ctx, record)] : [],
      cities: await site.siteCities(ctx),
      userCity,
      navHeader: await site.navHeader(ctx),
      navFooter: await site.navFooter(ctx),
      catalogSections: await site.catalogSectionLinks(ctx),
      servicesSections: await site.serviceSectionLinks(ctx),
      locale: ctx.locale,
    }
  }),
  setCity: publicProcedure.input(SetCityInput).mutation(({ ctx, input }) => setUserCity(ctx, input)),
})
