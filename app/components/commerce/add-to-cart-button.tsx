import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import { AppLink } from '../ui/app-link'
import { announce } from '../layout/live-region'
import { errorMessage, useCart, useCartMutations } from '../../shell/use-cart'
import '../../lib/messages/cards'

const ErrorModal = lazy(() => import('../form/error-modal'))

/**
 * "Add to cart" for cards and product pages.
 *
 * Props: `offerId` — an offer (volume option) id, or a product id meaning its default volume;
 * `quantity` (default 1); `disabled` (e.g. out of stock); `className`; `compact` (icon-sized, for cards).
 * The answer (the whole cart) replaces the cart query, so the header badge updates at once.
 * Once the offer is in the cart, the button turns into a link to the cart ("В корзине — перейти").
 * Right after adding (issue 17), a short note with a link to the cart shows under it, screen readers
 * hear it (`announce`), and the focus moves from the pressed button onto the link that replaced it.
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
  // How many were added by this button's last click (the note), and whether focus should follow.
  const [added, setAdded] = useState<number | null>(null)
  const focusLink = useRef(false)
  const wrapRef = useRef<HTMLSpanElement>(null)
  useEffect(() => setAdded(null), [offerId])
  useEffect(() => {
    if (inCart && focusLink.current && wrapRef.current) {
      focusLink.current = false
      wrapRef.current.querySelector('a')?.focus()
    }
  })

  if (inCart && !add.isPending) {
    return (
      <span ref={wrapRef} className="inline-flex flex-col gap-1">
        <AppLink to="/cart/" className={className ?? buttonClass.secondary}>
          {t('cart.inCartGo')}
        </AppLink>
        {added !== null && (
          <span className="text-sm text-green-700" data-testid="added-note">
            {t('cart.addedNote', { count: added })}{' '}
            <AppLink to="/cart/" className="text-brand-700 underline">
              {t('cart.goToCart')}
            </AppLink>
          </span>
        )}
      </span>
    )
  }
  return (
    <>
      <button
        type="button"
        className={className ?? buttonClass.primary}
        disabled={!hydrated || disabled || add.isPending}
        aria-busy={add.isPending || undefined}
        onClick={(e) => {
          const hadFocus = document.activeElement === e.currentTarget
          add.mutate(
            { id: offerId, quantity },
            {
              onSuccess: () => {
                setAdded(quantity)
                focusLink.current = hadFocus || document.activeElement === document.body
                announce(t('cart.addedNote', { count: quantity }))
              },
              onError: (err) => setError(errorMessage(err, t('form.failed'))),
            },
          )
        }}
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
