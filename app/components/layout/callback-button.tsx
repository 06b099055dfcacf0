import { useT } from '../../lib/i18n'
import { IconPhone } from './icons'

/** The floating button opening the CRM (callback) modal (spec §1). */
export function CallbackButton({ onClick, expanded }: { onClick: () => void; expanded: boolean }) {
  const t = useT()
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={t('callback.open')}
      title={t('callback.open')}
      className="fixed right-3 bottom-3 z-50 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 tablet:right-6 tablet:bottom-6"
    >
      <IconPhone className="size-7" />
    </button>
  )
}
