import type { Ctx } from '../context'
import type { Entity } from '../contracts/entity'
import { PAGES, type DeclaredPageType } from '../contracts/pages'
import type { Query } from './entities/page'
import { contentResolvers } from './entities/content'
import { catalogResolvers } from './entities/catalog'
import { servicesResolvers } from './entities/services'
import { commerceResolvers } from './entities/commerce'
import { accountResolvers } from './entities/account'
import { bookingResolvers } from './entities/booking'

/** The resolver of every declared page type, one line per domain: the compiler checks none is missing. */
const resolvers = {
  ...contentResolvers,
  ...catalogResolvers,
  ...servicesResolvers,
  ...commerceResolvers,
  ...accountResolvers,
  ...bookingResolvers,
} satisfies Record<DeclaredPageType, unknown>

type AnyResolve = (ctx: Ctx, params: Record<string, string>, query: Query) => Entity | null | Promise<Entity | null>

export interface EntityRoute {
  type: DeclaredPageType
  re: RegExp
  /** Names of the pattern's `{name}` segments, in order. */
  names: string[]
  local: boolean
  resolve: AnyResolve
}

function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = []
  const re = new RegExp(
    '^' +
      pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n: string) => {
        names.push(n)
        return '([^/]+)'
      }) +
      '$',
  )
  return { re, names }
}

const resolverOf = (type: DeclaredPageType): AnyResolve => resolvers[type]

/** Every pattern of every page, in the declarations' match order (first match that answers wins). */
export const entityRoutes: EntityRoute[] = PAGES.flatMap((page) =>
  page.patterns.map((pattern) => ({
    type: page.type,
    ...compile(pattern),
    local: page.local,
    resolve: resolverOf(page.type),
  })),
)
