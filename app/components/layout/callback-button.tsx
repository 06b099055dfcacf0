import { useRouterState } from '@tanstack/react-router'
import type { EntityType } from '../../../server/contracts/entity'
import { useT } from '../../lib/i18n'
import { IconPhone } from './icons'

/**
 * Pages where the shopper is choosing or paying (volume buttons, a service's booking form, the
 * cart's total, the checkout's submit, the order's payment): on a phone the floating button would sit on top of them, so it
 * is not shown there below 1024 px, where the cart's summary spans the width (the phones stay in
 * the header and the menu).
 */
const BUSY_ON_PHONE: ReadonlySet<EntityType> = new Set<EntityType>([
  'product',
  'service',
  'cart',
  'checkout',
  'checkout-offline',
  'personal-order',
])

/**
 * The floating button opening the CRM (callback) modal (spec §1). It sits under the dialogs and
 * the open menu drawer (they have higher layers).
 */
export function CallbackButton({ onClick, expanded }: { onClick: () => void; expanded: boolean }) {
  const t = useT()
  const type = useRouterState({
    select: (s) => (s.matches.find((m) => m.routeId === '/$')?.loaderData as { type?: EntityType } | undefined)?.type,
  })
  const phone = type && BUSY_ON_PHONE.has(type) ? 'hidden tablet-l:flex' : 'flex'
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={t('callback.open')}
      title={t('callback.open')}
      data-testid="callback-button"
      className={`fixed right-3 bottom-3 z-50 ${phone} size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 tablet:right-6 tablet:bottom-6`}
    >
      <IconPhone className="size-7" />
    </button>
  )
}
