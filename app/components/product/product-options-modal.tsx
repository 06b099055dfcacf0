import { useQuery } from '../../lib/query'
import { useState } from 'react'
import type { ProductCard } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { Dialog } from '../ui/dialog'
import { AppLink } from '../ui/app-link'
import { AddToCartButton } from '../commerce/add-to-cart-button'
import { VolumePicker } from './volume-picker'
import { Price } from './price'
import '../../lib/messages/cards'
import '../../lib/messages/product-more'

/** The product-options modal (spec §2): pick a volume from a card, then add it to the cart. */
export default function ProductOptionsModal({
  card,
  open,
  onOpenChange,
}: {
  card: ProductCard
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const options = useQuery(trpc.catalog.productOptions.queryOptions({ id: card.id }))
  const [picked, setPicked] = useState<number | null>(null)
  const offerId = picked ?? options.data?.offerId ?? card.offerId
  const offer = options.data?.offers.find((o) => o.id === offerId)
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={card.name} size="lg">
      <div className="flex flex-col gap-4 tablet:flex-row">
        <img
          src={card.image.src}
          width={card.image.width}
          height={card.image.height}
          alt={card.image.alt}
          className="size-40 shrink-0 self-center object-contain"
        />
        <div className="flex flex-1 flex-col gap-4">
          {options.data ? (
            <>
              <VolumePicker offers={options.data.offers} value={offerId} onChange={setPicked} />
              {offer && <Price price={offer.price} />}
              <span className={`text-sm ${offer?.inStock ? 'text-green-700' : 'text-neutral-500'}`}>
                {offer?.inStock ? t('product.inStock') : t('product.outOfStock')}
              </span>
              <div className="flex flex-wrap items-center gap-3">
                <AddToCartButton offerId={offerId} disabled={!offer?.inStock} />
                <AppLink to={card.link} className="text-brand-700 underline">
                  {t('product.open')}
                </AppLink>
              </div>
            </>
          ) : (
            <p aria-busy="true">{t('product.loading')}</p>
          )}
        </div>
      </div>
    </Dialog>
  )
}
