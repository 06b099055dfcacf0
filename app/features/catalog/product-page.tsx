import { useState } from 'react'
import { RuOnly, isRuOnly } from '../../components/content/ru-only'
import type { ProductCard as Card } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../components/layout/page-title'
import { ProductCard } from '../../components/product/product-card'
import { FavoriteButton } from '../../components/product/favorite-button'
import { Price } from '../../components/product/price'
import { VolumePicker } from '../../components/product/volume-picker'
import { AddToCartButton } from '../../components/commerce/add-to-cart-button'
import { FastBuyButton } from '../../components/commerce/fast-buy-button'
import { NumberField } from '../../components/form/number-field'
import { StockAlertButton } from '../../components/product/stock-alert-button'
import { useT } from '../../lib/i18n'
import { LazyImage } from '../../components/ui/lazy-image'
import { buttonClass } from '../../components/ui/button'

/** JSON-LD must not close its own <script>: escape "<" inside the JSON. */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The product page: gallery, volumes, price, stock, cart, favorites, fast buy, specs, related. */
export default function ProductPage({ entity }: PageProps<'product'>) {
  const t = useT()
  const p = entity.data
  const [offerId, setOfferId] = useState(p.offerId)
  const [photo, setPhoto] = useState(0)
  // The stepper beside "В корзину" (issue 17): 1..stock of the chosen volume, back to 1 on a volume change.
  const [quantity, setQuantity] = useState(1)
  const offer = p.offers.find((o) => o.id === offerId) ?? p.offers[0]
  const image = p.gallery[photo] ?? p.image
  const card: Card = {
    id: p.id,
    name: p.name,
    link: p.link,
    image: p.image,
    brand: p.brand.name,
    price: p.price,
    inStock: p.inStock,
    isFavorite: p.isFavorite,
    offerId: p.offerId,
    volumes: p.offers.map((o) => o.volume),
  }
  const productLd = {
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
  }
  const crumbsLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: entity.breadcrumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: c.link,
    })),
  }

  return (
    <div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(productLd) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(crumbsLd) }} />
      <PageTitle entity={{ ...entity, meta: { ...entity.meta, title: p.name } }} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="grid gap-8 tablet-l:grid-cols-2">
          <div>
            <div className="overflow-hidden rounded-2xl bg-neutral-50">
              <LazyImage
                key={image.src}
                src={image.src}
                width={image.width}
                height={image.height}
                alt={image.alt}
                eager
                fit="contain"
                className="block w-full"
              />
            </div>
            {p.gallery.length > 1 && (
              <ul className="mt-3 flex gap-2">
                {p.gallery.map((g, i) => (
                  <li key={`${g.src}-${i}`}>
                    <button
                      type="button"
                      aria-label={t('product.gallery', { index: i + 1 })}
                      aria-pressed={i === photo}
                      onClick={() => setPhoto(i)}
                      className={`overflow-hidden rounded-xl border-2 ${i === photo ? 'border-brand-600' : 'border-transparent'}`}
                    >
                      <img
                        src={g.src}
                        width={80}
                        height={Math.round((80 * g.height) / g.width)}
                        alt=""
                        loading="lazy"
                        className="size-20 bg-neutral-50 object-contain"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-col gap-5">
            <div className="flex items-start justify-between gap-4">
              <p className="text-sm tracking-wide text-neutral-500 uppercase">{p.brand.name}</p>
              <FavoriteButton card={card} className="border border-neutral-200" />
            </div>
            {p.offers.length > 1 && (
              <VolumePicker
                offers={p.offers}
                value={offerId}
                onChange={(id) => {
                  setOfferId(id)
                  setQuantity(1)
                }}
              />
            )}
            {offer && (
              <div className="flex flex-col gap-1">
                <Price price={offer.price} size="lg" volume={offer.volume} />
                <span className={offer.inStock ? 'text-green-700' : 'text-neutral-500'}>
                  {offer.inStock
                    ? offer.stock <= 5
                      ? t('product.left', { stock: offer.stock })
                      : t('product.inStock')
                    : t('product.outOfStock')}
                </span>
              </div>
            )}
            {offer && (
              <div className="flex flex-wrap gap-3">
                {offer.inStock ? (
                  <>
                    <NumberField
                      label={t('cart.quantity')}
                      hideLabel
                      value={Math.min(quantity, offer.stock)}
                      onChange={setQuantity}
                      min={1}
                      max={offer.stock}
                    />
                    <AddToCartButton offerId={offer.id} quantity={Math.min(quantity, offer.stock)} />
                  </>
                ) : (
                  <StockAlertButton
                    offerId={offer.id}
                    name={p.name}
                    volume={offer.volume}
                    className={buttonClass.primary}
                  />
                )}
                <FastBuyButton id={offer.id} disabled={!offer.inStock} />
              </div>
            )}
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="mb-2 text-lg font-semibold">
                {t('product.description')}
              </h2>
              <RuOnly when={isRuOnly(p.ruOnly, 'description')}>
                <p className="leading-relaxed text-neutral-700">{p.description}</p>
              </RuOnly>
            </section>
            <section aria-labelledby="product-properties">
              <h2 id="product-properties" className="mb-2 text-lg font-semibold">
                {t('product.properties')}
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                {/* "Артикул" is the chosen volume's code (the data lists every volume's). */}
                {p.properties
                  .map((prop) => (prop.code === 'sku' && offer ? { ...prop, value: offer.sku } : prop))
                  .map((prop) => (
                    <div key={prop.code} className="contents">
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
          </div>
        </div>
        {p.related.length > 0 && (
          <section aria-labelledby="product-related" className="mt-12">
            <h2 id="product-related" className="mb-4 text-xl font-semibold">
              {t('product.related')}
            </h2>
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
              {p.related.map((c) => (
                <li key={c.id}>
                  <ProductCard card={c} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  )
}
