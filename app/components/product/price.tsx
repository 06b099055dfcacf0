import type { Price as PriceValue } from '../../../server/contracts/catalog'
import { formatPrice, formatPricePer100 } from '../../shell/format'
import { useT } from '../../lib/i18n'
import '../../lib/messages/cards'

/**
 * Price paid now, and the regular price struck through when discounted; with `volume` (ml), the
 * price per 100 ml beside it (issue 17).
 */
export function Price({ price, size = 'md', volume }: { price: PriceValue; size?: 'md' | 'lg'; volume?: number }) {
  const t = useT()
  const per100 = formatPricePer100(price.value, volume)
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={`font-semibold ${size === 'lg' ? 'text-3xl' : 'text-lg'} ${price.discount > 0 ? 'text-red-700' : ''}`}
      >
        {formatPrice(price.value)}
      </span>
      {price.discount > 0 && (
        <>
          <s className="text-sm text-neutral-500">
            <span className="sr-only">{t('product.oldPrice')}: </span>
            {formatPrice(price.value + price.discount)}
          </s>
          <span className="rounded bg-red-50 px-1.5 text-xs font-medium text-red-700">
            {t('product.discount', { value: formatPrice(price.discount) })}
          </span>
        </>
      )}
      {per100 && (
        <span className="basis-full text-xs text-neutral-500" data-testid="price-per-100">
          {t('price.per100', { price: per100 })}
        </span>
      )}
    </span>
  )
}
