import { useId, useState } from 'react'
import type { CartItem } from '../../../server/contracts/cart'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { NumberField } from '../../components/form/number-field'
import { announce } from '../../components/layout/live-region'
import '../../lib/messages/commerce-cart'

/** One cart line: image, name, volume and unit price, stock, quantity 1..stock, line price, remove. */
export function CartLine({
  item,
  busy,
  onQuantity,
  onRemove,
}: {
  item: CartItem
  busy: boolean
  onQuantity: (q: number) => void
  onRemove: () => void
}) {
  const t = useT()
  const short = item.quantity > item.stock
  const [clamped, setClamped] = useState<number | null>(null)
  const noteId = useId()
  return (
    <li
      className="grid grid-cols-[64px_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 tablet:grid-cols-[96px_minmax(0,1fr)_auto_8rem_auto] tablet:items-center"
      data-testid="cart-line"
    >
      <AppLink to={item.link} tabIndex={-1} aria-hidden="true" className="block phone:row-span-2 tablet:row-span-1">
        <img
          src={item.image.src}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="size-16 rounded-xl bg-neutral-50 object-contain tablet:size-24"
        />
      </AppLink>
      <div className="min-w-0">
        <AppLink to={item.link} className="font-medium break-words hyphens-auto hover:text-brand-700">
          {item.name}
        </AppLink>
        <p className="text-sm text-neutral-600">
          {t('cart.volume', { volume: item.volume })} ·{' '}
          {t('cart.unitPrice', { price: formatPrice(item.unitPrice.value) })}
          {item.unitPrice.discount > 0 && (
            <>
              {' '}
              <s className="text-neutral-500">
                <span className="sr-only">{t('cart.oldPrice')} </span>
                {formatPrice(item.unitPrice.value + item.unitPrice.discount)}
              </s>
            </>
          )}
        </p>
        <p className={`text-sm ${short || item.stock <= 0 ? 'text-red-700' : 'text-neutral-500'}`}>
          {item.stock <= 0
            ? t('cart.outOfStockLine')
            : short
              ? t('cart.stockShort', { stock: item.stock })
              : t('cart.stock', { stock: item.stock })}
        </p>
      </div>
      {/* Below 360 px the quantity, price and remove row takes the whole width. */}
      <div className="col-span-2 flex items-center gap-2 phone:col-span-1 phone:col-start-2 tablet:contents">
        <div className="flex flex-col gap-1">
          <NumberField
            label={t('cart.quantityOf', { name: item.name })}
            hideLabel
            size="sm"
            value={item.quantity}
            min={1}
            max={Math.max(1, item.stock)}
            disabled={busy}
            describedBy={clamped !== null ? noteId : undefined}
            onClamp={(typed, next) => {
              if (typed > next && item.stock > 0) {
                const text = t('cart.clamped', { stock: item.stock })
                setClamped(item.stock)
                announce(text)
              }
            }}
            onChange={(q) => {
              if (clamped !== null && q !== item.stock) setClamped(null)
              onQuantity(q)
            }}
          />
          {clamped !== null && (
            <p id={noteId} className="max-w-32 text-sm text-red-700" data-testid="cart-clamp-note">
              {t('cart.clamped', { stock: clamped })}
            </p>
          )}
        </div>
        <div className="flex-1 text-right tablet:w-32 tablet:flex-none">
          <p className="font-semibold" data-testid="cart-line-price">
            {formatPrice(item.price.value)}
          </p>
          {item.price.discount > 0 && (
            <s className="text-sm text-neutral-500">
              <span className="sr-only">{t('cart.oldPrice')} </span>
              {formatPrice(item.price.value + item.price.discount)}
            </s>
          )}
        </div>
        <button
          type="button"
          className="flex min-h-11 min-w-11 items-center justify-center gap-1 text-sm text-neutral-600 hover:text-red-700 disabled:opacity-50 tablet:px-2"
          aria-label={t('cart.removeNamed', { name: item.name })}
          disabled={busy}
          onClick={onRemove}
        >
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-5"
          >
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </svg>
          <span className="hidden underline laptop:inline">{t('cart.remove')}</span>
        </button>
      </div>
    </li>
  )
}
