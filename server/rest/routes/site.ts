import { z } from 'zod'
import { defineRoute } from '../registry'
import * as site from '../../services/site'
import { setUserCity } from '../../services/city'
import { CityRef, NavItem, SectionLink, SetCityInput, SiteCity, SiteContact, SiteOptions } from '../../contracts/site'

const none = z.object({}).passthrough()
const tags = ['site']

export const siteRoutes = [
  defineRoute({
    method: 'GET',
    path: '/user-city/',
    summary: "The session's city (default city, unconfirmed, before any choice)",
    tags,
    input: none,
    output: CityRef,
    cache: 'visitor',
    handler: (_, ctx) => site.userCity(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-city/',
    summary: 'Choose a city by id (confirmed) or by coordinates (nearest, not confirmed)',
    tags,
    input: SetCityInput,
    output: z.object({ success: z.boolean(), message: z.string(), city: CityRef }),
    errors: [422],
    handler: (input, ctx) => setUserCity(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/site-contacts/',
    summary: 'Contact records per city and the common one',
    tags,
    input: none,
    output: z.array(SiteContact),
    cache: 'public',
    handler: (_, ctx) => site.siteContactsList(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/site-options/',
    summary: 'Site title, copyright and privacy link',
    tags,
    input: none,
    output: SiteOptions,
    cache: 'public',
    handler: (_, ctx) => site.getSiteOptions(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/site-cities/',
    summary: 'Cities sorted by name',
    tags,
    input: none,
    output: z.array(SiteCity),
    cache: 'public',
    handler: (_, ctx) => site.siteCities(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/nav-header/',
    summary: 'Header navigation tree',
    tags,
    input: none,
    output: z.array(NavItem),
    cache: 'public',
    handler: (_, ctx) => site.navHeader(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/nav-footer/',
    summary: 'Footer navigation tree',
    tags,
    input: none,
    output: z.array(NavItem),
    cache: 'public',
    handler: (_, ctx) => site.navFooter(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/catalog-sections/',
    summary: 'Catalog sections',
    tags,
    input: none,
    output: z.array(SectionLink),
    cache: 'public',
    handler: (_, ctx) => site.catalogSectionLinks(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/services-sections/',
    summary: 'Service sections',
    tags,
    input: none,
    output: z.array(SectionLink),
    cache: 'public',
    handler: (_, ctx) => site.serviceSectionLinks(ctx),
  }),
]
