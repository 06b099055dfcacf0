import { t } from '../../contracts/i18n'
import type { Ctx } from '../../context'
import '../../contracts/pages/messages'
import type { Breadcrumb } from '../../contracts/entity'
import type { EntityOf, NotFoundEntity, RedirectEntity } from '../../contracts/entity'
import type { DeclaredPage } from '../../contracts/pages'
import type { EntityOfPage } from '../../contracts/pages/define'

/** A page's query: `?page=2&filter[brand]=x` as a nested object. */
export type Query = Record<string, unknown>

/**
 * What a page's resolver returns: its own entity, a redirect (a personal page for a visitor),
 * or null when the path is not one of its objects (the next matching pattern is tried). A page
 * that reads the database answers through a promise.
 */
type Resolved<P extends DeclaredPage> = EntityOfPage<P> | RedirectEntity | null
export type Resolve<P extends DeclaredPage> = (
  ctx: Ctx,
  params: Record<string, string>,
  query: Query,
) => Resolved<P> | Promise<Resolved<P>>

/** The resolvers of one domain's page declarations, one per type: none missing, none extra. */
export type Resolvers<Pages extends readonly DeclaredPage[]> = {
  [P in Pages[number] as P['type']]: Resolve<P>
}

export function notFoundEntity(ctx: Ctx): NotFoundEntity {
  return {
    type: 'not-found',
    meta: { title: t(ctx.locale, 'page.notFound'), description: '', noindex: true },
    breadcrumbs: [],
    data: null,
  }
}

export function redirectEntity(url: string, status: 301 | 302 = 302): RedirectEntity {
  return {
    type: 'redirect',
    status,
    url,
    meta: { title: '', description: '', noindex: true },
    breadcrumbs: [],
    data: null,
  }
}

/** Breadcrumb helper: home first. */
export function crumbs(ctx: Ctx, ...items: Breadcrumb[]): Breadcrumb[] {
  return [{ label: t(ctx.locale, 'page.home'), link: '/' }, ...items]
}

export type { EntityOf }
