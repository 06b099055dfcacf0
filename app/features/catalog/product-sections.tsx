import type { Offer, ProductDetail } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { RuOnly, isRuOnly } from '../../shell/ru-only'
import { ProductCard } from '../../components/product/product-card'
import '../../lib/messages/product'

/** The description (marked when the English page shows the Russian text). */
export function ProductDescription({ p }: { p: ProductDetail }) {
  const t = useT()
  return (
    <section aria-labelledby="product-description">
      <h2 id="product-description" className="mb-2 text-lg font-semibold">
        {t('product.description')}
      </h2>
      <RuOnly when={isRuOnly(p.ruOnly, 'description')}>
        <p className="leading-relaxed text-neutral-700">{p.description}</p>
      </RuOnly>
    </section>
  )
}

/** The properties; "Артикул" is the chosen volume's code. */
export function ProductProperties({ p, offer }: { p: ProductDetail; offer: Offer | undefined }) {
  const t = useT()
  return (
    <section aria-labelledby="product-properties">
      <h2 id="product-properties" className="mb-2 text-lg font-semibold">
        {t('product.properties')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {/* "Артикул" is the chosen volume's code (the data lists every volume's). */}
        {p.properties
          .map((prop) => (prop.code === 'sku' && offer ? { ...prop, value: offer.sku } : prop))
          .map((prop, i) => (
            // 1C's characteristics all have the code "attribute": the key is the place in the list.
            <div key={`${i}:${prop.code}`} className="contents">
              <dt className="text-neutral-500" lang={prop.lang}>
                {prop.label}
              </dt>
              <dd lang={prop.lang}>
                {prop.value}
                {prop.lang && (
                  <span lang="en" className="ml-2 text-neutral-500 italic">
                    ({t('content.ruOnly')})
                  </span>
                )}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  )
}

/** The related products (nothing without them). */
export function ProductRelated({ related }: { related: ProductDetail['related'] }) {
  const t = useT()
  if (related.length === 0) return null
  return (
    <section aria-labelledby="product-related" className="mt-12">
      <h2 id="product-related" className="mb-4 text-xl font-semibold">
        {t('product.related')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
        {related.map((c) => (
          <li key={c.id}>
            <ProductCard card={c} />
          </li>
        ))}
      </ul>
    </section>
  )
}
