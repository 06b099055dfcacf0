import { useState } from 'react'
import type { ProductCard as Card } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { FavoriteButton } from '../../components/product/favorite-button'
import { VolumePicker } from '../../components/product/volume-picker'
import { ProductGallery } from './product-gallery'
import { crumbsLd, jsonLd, productLd } from './product-ld'
import { ProductOffer } from './product-offer'
import { ProductDescription, ProductProperties, ProductRelated } from './product-sections'

/**
 * A JSON-LD block: the server's HTML carries the data (product-ld.ts, built only there); the
 * browser renders the same element empty. Hydration keeps the server's content (React does not
 * rewrite an element's inner HTML when hydrating; a dev build's warning is suppressed); a product
 * opened by client navigation mounts it empty (`key`): no search engine reads it there.
 */
const ld = (key: string, html: string) => (
  <script key={key} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
)

/** The product page: gallery, volumes, price, stock, cart, favorites, fast buy, specs, related. */
export default function ProductPage({ entity }: PageProps<'product'>) {
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
  return (
    <div>
      {/* Structured data only from the server: the client build drops its code (ADR 036). */}
      {ld(`p${p.id}`, import.meta.env.SSR ? jsonLd(productLd(p, offer)) : '')}
      {ld(`c${p.id}`, import.meta.env.SSR ? jsonLd(crumbsLd(entity.breadcrumbs)) : '')}
      <PageTitle entity={{ ...entity, meta: { ...entity.meta, title: p.name } }} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        {/* Below 1024 px the column's parts are the grid's own rows, so that the offer (price and
            «В корзину») can stick to the screen's bottom from the first screen until its place
            scrolls in (issue 29), above the cookie notice (the call button is not shown here below
            1024 px); stuck, it keeps the price and «В корзину» only (styles.css). */}
        <div className="grid gap-5 tablet-l:grid-cols-2 tablet-l:gap-8">
          <ProductGallery image={image} gallery={p.gallery} photo={photo} setPhoto={setPhoto} />
          <div className="contents tablet-l:flex tablet-l:flex-col tablet-l:gap-5">
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
              <div data-testid="buy-bar" className="buy-bar">
                <ProductOffer offer={offer} name={p.name} quantity={quantity} setQuantity={setQuantity} />
              </div>
            )}
            <ProductDescription p={p} />
            <ProductProperties p={p} offer={offer} />
          </div>
        </div>
        <ProductRelated related={p.related} />
      </div>
    </div>
  )
}
