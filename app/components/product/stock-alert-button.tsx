import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import '../../lib/messages/cards'

const StockAlertModal = lazy(() => import('./stock-alert-modal'))

/**
 * "Сообщить о поступлении": shown instead of "В корзину" when the chosen volume is sold out
 * (product page, sold-out cards). Opens a small dialog asking for an e-mail or a phone
 * (`stockAlerts.subscribe`); the dialog's code loads on first open.
 *
 * Props: `offerId` — the sold-out offer (or a product id: its default volume); `name` and
 * `volume` (ml; omitted when the card does not know which) for the dialog's text; `className`.
 */
export function StockAlertButton({
  offerId,
  name,
  volume,
  className,
}: {
  offerId: number
  name: string
  volume?: number
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
        disabled={!hydrated}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('stockAlert.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <StockAlertModal offerId={offerId} name={name} volume={volume} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}

export default StockAlertButton
