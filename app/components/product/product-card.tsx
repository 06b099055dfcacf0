import { lazy, Suspense, useState } from 'react'
import type { ProductCard as Card } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { AppLink } from '../ui/app-link'
import { LazyImage } from '../ui/lazy-image'
import { buttonClass } from '../ui/button'
import { AddToCartButton } from '../commerce/add-to-cart-button'
import { FavoriteButton } from './favorite-button'
import { Price } from './price'
import { StockAlertButton } from './stock-alert-button'
import '../../lib/messages/cards'

const ProductOptionsModal = lazy(() => import('./product-options-modal'))

/**
 * A product card (contract §3 shape) for listings, search, favorites and the home page.
 * A product with several volumes opens the product-options modal instead of adding at once.
 */
export function ProductCard({ card, priority = false }: { card: Card; priority?: boolean }) {
  const t = useT()
  const [options, setOptions] = useState(false)
  const several = card.volumes.length > 1
  return (
    <article
      className="group relative flex flex-col rounded-2xl border border-neutral-200 bg-white p-3 transition hover:shadow-md"
      aria-label={card.name}
    >
      <div className="relative">
        <AppLink
          to={card.link}
          className="block overflow-hidden rounded-xl bg-neutral-50"
          tabIndex={-1}
          aria-hidden="true"
        >
          <LazyImage
            src={card.image.src}
            width={card.image.width}
            height={card.image.height}
            alt={card.image.alt}
            eager={priority}
            fit="contain"
            className="block w-full"
          />
        </AppLink>
        <FavoriteButton card={card} className="absolute top-2 right-2" />
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <span className="text-xs tracking-wide text-neutral-500 uppercase">{card.brand}</span>
        <AppLink to={card.link} className="line-clamp-3 font-medium break-words hyphens-auto hover:text-brand-700">
          {card.name}
        </AppLink>
        <span className={`text-sm ${card.inStock ? 'text-green-700' : 'text-neutral-500'}`}>
          {card.inStock ? t('product.inStock') : t('product.outOfStock')}
        </span>
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <Price price={card.price} volume={card.priceVolume} />
          {!card.inStock ? (
            // Every volume sold out: "Сообщить о поступлении" for the default one.
            <StockAlertButton offerId={card.offerId} name={card.name} volume={several ? undefined : card.volumes[0]} />
          ) : several ? (
            <button type="button" className={buttonClass.secondary} onClick={() => setOptions(true)}>
              {t('product.chooseVolume')}
            </button>
          ) : (
            <AddToCartButton offerId={card.offerId} />
          )}
        </div>
      </div>
      {options && (
        <Suspense fallback={null}>
          <ProductOptionsModal card={card} open={options} onOpenChange={setOptions} />
        </Suspense>
      )}
    </article>
  )
}

export default ProductCard
