import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { serverOrigin } from '../../server/context'
import type { Entity } from './entity'
import type { Locale } from './i18n'

/** The Open Graph locale of each site locale. */
const OG_LOCALE: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' }

/** scheme://host of the site: APP_ORIGIN or the request on the server, the address bar in the browser. */
export const siteOrigin = createIsomorphicFn()
  .server(() => serverOrigin(getRequest()))
  .client(() => window.location.origin)

/** An absolute URL for canonical / og:url / og:image (relative values are resolved against the site). */
export function absoluteUrl(pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, siteOrigin()).toString()
  } catch {
    return pathOrUrl
  }
}

/**
 * Site-wide defaults from the startup data (root route): title, description, Open Graph site
 * name and locale. Every page overrides title, description and canonical through `pageHead`.
 */
export function siteHead(data: { title: string; description: string; locale: string } | undefined) {
  if (!data) return []
  return [
    { title: data.title },
    { name: 'description', content: data.description || data.title },
    { property: 'og:site_name', content: data.title },
    { property: 'og:locale', content: OG_LOCALE[data.locale as Locale] ?? OG_LOCALE.ru },
    { property: 'og:title', content: data.title },
    { property: 'og:description', content: data.description || data.title },
    { property: 'og:type', content: 'website' },
  ]
}

/** Title, description, canonical and Open Graph tags of a page, from its entity. */
export function pageHead(entity: Pick<Entity, 'type' | 'meta'> | undefined, pathname: string) {
  if (!entity) return {}
  const { title, description, canonical, noindex, image } = entity.meta
  const url = absoluteUrl(canonical ?? pathname)
  const meta: Record<string, string>[] = [
    { title },
    { name: 'description', content: description || title },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description || title },
    { property: 'og:type', content: entity.type === 'product' ? 'product' : 'website' },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (image) meta.push({ property: 'og:image', content: absoluteUrl(image) })
  if (noindex || entity.type === 'not-found') meta.push({ name: 'robots', content: 'noindex, follow' })
  const links = entity.type === 'not-found' ? [] : [{ rel: 'canonical', href: url }]
  return { meta, links }
}
