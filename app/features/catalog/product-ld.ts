import type { Offer, ProductDetail } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'

/*
 * The product page's structured data (schema.org), for search engines reading the server's HTML.
 * Only the server builds it: product-page.tsx calls these under `import.meta.env.SSR`, so the
 * client build drops this module (ADR 036).
 */

/** JSON-LD must not close its own <script>: "<" inside the JSON is escaped. */
export const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The product with its offers; `sku` is the chosen volume's. */
export const productLd = (p: ProductDetail, offer: Offer | undefined) => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: p.name,
  description: p.description,
  image: p.gallery.map((g) => g.src),
  sku: offer?.sku,
  brand: { '@type': 'Brand', name: p.brand.name },
  offers: p.offers.map((o) => ({
    '@type': 'Offer',
    sku: o.sku,
    price: o.price.value,
    priceCurrency: 'RUB',
    availability: o.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: p.link,
  })),
})

/** The breadcrumbs. */
export const crumbsLd = (crumbs: PageProps<'product'>['entity']['breadcrumbs']) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: c.link })),
})
