import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import '../../lib/messages/product'

const FastBuyModal = lazy(() => import('./fast-buy-modal'))

/**
 * "Buy in one click" (spec: fast buy modal). Props: `id` — a product id (its default volume)
 * or an offer id; `quantity` (default 1); `disabled`; `className`. Opens a modal asking for a
 * masked phone and a name, then calls `trpc.orders.fastBuy`. The modal's code loads on first open.
 */
export function FastBuyButton({
  id,
  quantity = 1,
  disabled,
  className,
}: {
  id: number
  quantity?: number
  disabled?: boolean
  className?: string
}) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  return (
    <>
      <button
        type="button"
        className={className ?? buttonClass.secondary}
        disabled={!hydrated || disabled}
        onClick={() => setOpen(true)}
      >
        {t('fastBuy.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FastBuyModal id={id} quantity={quantity} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}

export default FastBuyButton
