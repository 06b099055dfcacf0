import type { Entity } from './entity'

/** Title, description, canonical and Open Graph tags of a page, from its entity. */
export function pageHead(entity: Entity | undefined, pathname: string) {
  if (!entity) return {}
  const { title, description, canonical, noindex, image } = entity.meta
  const meta: Record<string, string>[] = [
    { title },
    { name: 'description', content: description || title },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description || title },
    { property: 'og:type', content: entity.type === 'product' ? 'product' : 'website' },
    { property: 'og:url', content: canonical ?? pathname },
  ]
  if (image) meta.push({ property: 'og:image', content: image })
  if (noindex) meta.push({ name: 'robots', content: 'noindex, follow' })
  const links = [{ rel: 'canonical', href: canonical ?? pathname }]
  return { meta, links }
}
