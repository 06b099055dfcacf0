import type { Offer } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { Price } from '../../components/product/price'
import { AddToCartButton } from '../../components/commerce/add-to-cart-button'
import { FastBuyButton } from '../../components/commerce/fast-buy-button'
import { NumberField } from '../../components/form/number-field'
import { StockAlertButton } from '../../components/product/stock-alert-button'
import { buttonClass } from '../../components/ui/button'
import '../../lib/messages/cards'
import '../../lib/messages/product'

/** The chosen volume's price and stock, then the quantity stepper with "to cart" (or the stock alert) and fast buy. */
export function ProductOffer({
  offer,
  name,
  quantity,
  setQuantity,
}: {
  offer: Offer
  name: string
  quantity: number
  setQuantity: (quantity: number) => void
}) {
  const t = useT()
  return (
    <>
      <div className="flex flex-col gap-1">
        <Price price={offer.price} size="lg" volume={offer.volume} />
        {/* In the stuck buy bar the sold-out line stays (styles.css hides .buy-extra there). */}
        <span className={offer.inStock ? 'buy-extra text-green-700' : 'text-neutral-500'}>
          {offer.inStock
            ? offer.stock <= 5
              ? t('product.left', { stock: offer.stock })
              : t('product.inStock')
            : t('product.outOfStock')}
        </span>
      </div>
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
          <StockAlertButton offerId={offer.id} name={name} volume={offer.volume} className={buttonClass.primary} />
        )}
        {/* Sold out: the stock alert alone, no disabled «Купить в 1 клик» (issue 29 §8). */}
        {offer.inStock && (
          <span className="buy-extra contents">
            <FastBuyButton id={offer.id} />
          </span>
        )}
      </div>
    </>
  )
}
