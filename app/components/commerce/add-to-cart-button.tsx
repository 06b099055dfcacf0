import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import { AppLink } from '../ui/app-link'
import { errorMessage, useCart, useCartMutations } from './use-cart'

const ErrorModal = lazy(() => import('../form/error-modal'))

/**
 * "Add to cart" for cards and product pages.
 *
 * Props: `offerId` — an offer (volume option) id, or a product id meaning its default volume;
 * `quantity` (default 1); `disabled` (e.g. out of stock); `className`; `compact` (icon-sized, for cards).
 * The answer (the whole cart) replaces the cart query, so the header badge updates at once.
 * Once the offer is in the cart, the button turns into a link to the cart.
 * A refusal (beyond stock, 409) shows the server's message in the error modal.
 */
export function AddToCartButton({
  offerId,
  quantity = 1,
  disabled,
  className,
}: {
  offerId: number
  quantity?: number
  disabled?: boolean
  className?: string
}) {
  const t = useT()
  // Until hydration the button cannot work, and the cart is not known: the server HTML and the
  // first client render show a disabled "Add to cart" (no mismatch, no lost click).
  const hydrated = useHydrated()
  const cart = useCart()
  const { add } = useCartMutations()
  const [error, setError] = useState<string | null>(null)
  const inCart = (hydrated && cart.data?.items.some((i) => i.id === offerId || i.productId === offerId)) ?? false

  if (inCart && !add.isPending) {
    return (
      <AppLink to="/cart/" className={className ?? buttonClass.secondary}>
        {t('cart.inCart')}
      </AppLink>
    )
  }
  return (
    <>
      <button
        type="button"
        className={className ?? buttonClass.primary}
        disabled={!hydrated || disabled || add.isPending}
        aria-busy={add.isPending || undefined}
        onClick={() =>
          add.mutate({ id: offerId, quantity }, { onError: (e) => setError(errorMessage(e, t('form.failed'))) })
        }
      >
        {add.isPending ? t('cart.adding') : t('cart.add')}
      </button>
      {error !== null && (
        <Suspense fallback={null}>
          <ErrorModal open onOpenChange={(open) => !open && setError(null)} message={error} />
        </Suspense>
      )}
    </>
  )
}

export default AddToCartButton
