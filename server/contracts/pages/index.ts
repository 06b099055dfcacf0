import { contentPages } from './content'
import { catalogPages } from './catalog'
import { servicesPages } from './services'
import { commercePages } from './commerce'
import { accountPages } from './account'
import { bookingPages } from './booking'

/**
 * Every page type of the site, one line per domain, in match order (the first pattern that
 * matches and whose resolver answers wins; a text page's `/{slug}/` falls through to the rest).
 */
export const PAGES = [
  ...contentPages,
  ...catalogPages,
  ...servicesPages,
  ...commercePages,
  ...accountPages,
  ...bookingPages,
] as const

export type DeclaredPage = (typeof PAGES)[number]
export type DeclaredPageType = DeclaredPage['type']
