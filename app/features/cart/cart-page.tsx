import { useState } from 'react'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/dialog'
import { NumberField } from '../../components/form/number-field'
import { ErrorModal } from '../../components/form/error-modal'
import { PageTitle } from '../../components/layout/page-title'
import { errorMessage, useCart, useCartMutations } from '../../components/commerce/use-cart'

/** The cart page: lines, quantities (1..stock), promo code, totals, both checkouts. */
export default function CartPage({ entity }: PageProps) {
  const t = useT()
  const cart = useCart()
  const m = useCartMutations()
  const [promo, setPromo] = useState('')
  const [error, setError] = useState<string | null>(null)
  const onError = (e: unknown) => setError(errorMessage(e, t('form.failed')))
  const data = cart.data
  const notice = data?.message && /promo|промокод/i.test(data.message) && !data.promocode ? data.message : null

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <PageTitle entity={entity} />
      {!data || data.items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-lg">{t('cart.empty')}</p>
          <AppLink to="/catalog/" className={`${buttonClass.primary} mt-4`}>
            {t('cart.toCatalog')}
          </AppLink>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 tablet-l:grid-cols-[1fr_340px]">
          <ul className="flex flex-col divide-y divide-neutral-200" aria-label={t('cart.title')}>
            {data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-4 py-4" data-testid="cart-line">
                <img src={item.image.src} alt={item.image.alt} width={80} height={80} className="size-20 rounded-lg object-cover" />
                <div className="min-w-0 flex-1">
                  <AppLink to={item.link} className="font-medium hover:text-brand-700">
                    {item.name}
                  </AppLink>
                  <p className="text-sm text-neutral-600">{t('cart.volume', { volume: item.volume })}</p>
                  <p className={`text-sm ${item.quantity > item.stock ? 'text-red-700' : 'text-neutral-500'}`}>
                    {item.stock <= 0 ? t('cart.outOfStockLine') : item.quantity > item.stock ? t('cart.stockShort', { stock: item.stock }) : t('cart.stock', { stock: item.stock })}
                  </p>
                </div>
                <NumberField
                  label={`${t('cart.quantity')}: ${item.name}`}
                  hideLabel
                  size="sm"
                  value={item.quantity}
                  min={1}
                  max={Math.max(1, item.stock)}
                  disabled={m.update.isPending}
                  onChange={(quantity) => m.update.mutate({ id: item.id, quantity }, { onError })}
                />
                <div className="w-28 text-right">
                  <p className="font-semibold">{formatPrice(item.price.value)}</p>
                  {item.price.discount > 0 && <p className="text-sm text-neutral-400 line-through">{formatPrice(item.price.value + item.price.discount)}</p>}
                </div>
                <button
                  type="button"
                  className="text-sm text-neutral-500 underline hover:text-red-700"
                  aria-label={t('cart.removeNamed', { name: item.name })}
                  onClick={() => m.remove.mutate({ id: item.id }, { onError })}
                >
                  {t('cart.remove')}
                </button>
              </li>
            ))}
          </ul>
          <aside className="flex h-fit flex-col gap-4 rounded-2xl bg-neutral-50 p-5">
            {data.promocode ? (
              <div className="flex items-center justify-between gap-2">
                <p role="status" className="text-sm text-green-800">{t('cart.promoActive', { code: data.promocode })}</p>
                <button type="button" className="text-sm underline" onClick={() => m.removePromo.mutate({ promocode: data.promocode ?? '' }, { onError })}>
                  {t('cart.promoRemove')}
                </button>
              </div>
            ) : (
              <form
                className="flex items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault()
                  if (promo.trim()) m.applyPromo.mutate({ promocode: promo }, { onError, onSuccess: () => setPromo('') })
                }}
              >
                <label className="flex flex-1 flex-col gap-1 text-sm">
                  {t('cart.promo')}
                  <input value={promo} onChange={(e) => setPromo(e.target.value)} className="min-h-11 rounded-xl border border-neutral-300 px-3" autoComplete="off" />
                </label>
                <button type="submit" className={buttonClass.secondary} disabled={m.applyPromo.isPending}>
                  {t('cart.promoApply')}
                </button>
              </form>
            )}
            {notice && <p role="status" className="text-sm text-amber-800">{notice}</p>}
            <dl className="flex flex-col gap-1 text-sm">
              <div className="flex justify-between"><dt>{t('cart.items', { count: data.amount.quantity })}</dt><dd>{formatPrice(data.amount.subtotal + (data.amount.price.discount - data.amount.promoDiscount))}</dd></div>
              {data.amount.price.discount - data.amount.promoDiscount > 0 && (
                <div className="flex justify-between"><dt>{t('cart.saleDiscount')}</dt><dd>−{formatPrice(data.amount.price.discount - data.amount.promoDiscount)}</dd></div>
              )}
              {data.amount.promoDiscount > 0 && (
                <div className="flex justify-between"><dt>{t('cart.promoDiscount')}</dt><dd>−{formatPrice(data.amount.promoDiscount)}</dd></div>
              )}
              <div className="mt-2 flex justify-between text-lg font-semibold"><dt>{t('cart.total')}</dt><dd data-testid="cart-total">{formatPrice(data.amount.price.value)}</dd></div>
            </dl>
            <AppLink to="/order/checkout/" className={buttonClass.primary}>{t('cart.checkout')}</AppLink>
            <AppLink to="/order/offline/" className={buttonClass.secondary}>{t('cart.checkoutOffline')}</AppLink>
          </aside>
        </div>
      )}
      {error !== null && <ErrorModal open onOpenChange={(o) => !o && setError(null)} message={error} />}
    </div>
  )
}
