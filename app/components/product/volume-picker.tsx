import { useId } from 'react'
import type { Offer } from '../../../server/contracts/catalog'
import { formatPrice } from '../../shell/format'
import { useT } from '../../lib/i18n'
import '../../lib/messages/cards'
import '../../lib/messages/product'

/** Volume options as a radio group (product page and the options modal). */
export function VolumePicker({
  offers,
  value,
  onChange,
}: {
  offers: Offer[]
  value: number
  onChange: (offerId: number) => void
}) {
  const t = useT()
  const name = useId()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('product.volume')}</legend>
      <div className="flex flex-wrap gap-2">
        {offers.map((o) => (
          <label
            key={o.id}
            className={`flex cursor-pointer flex-col rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${o.id === value ? 'border-brand-600 bg-brand-50' : 'border-neutral-300'} ${o.inStock ? '' : 'border-dashed bg-neutral-50'}`}
          >
            <input
              type="radio"
              name={name}
              value={o.id}
              checked={o.id === value}
              onChange={() => onChange(o.id)}
              className="sr-only"
            />
            <span className="font-medium">{t('product.volumeValue', { volume: o.volume })}</span>
            <span className="text-neutral-600">{formatPrice(o.price.value)}</span>
            {!o.inStock && <span className="text-xs text-neutral-600">{t('product.outOfStock')}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
