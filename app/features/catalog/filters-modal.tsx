import type { ReactNode } from 'react'
import { Dialog } from '../../components/ui/dialog'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import '../../lib/messages/catalog'

/**
 * The catalog's facets in a modal (below 1024 px): "Reset" while a filter is on, and "Show N
 * products". A chunk of its own, loaded with the first opening (the page's first load does not
 * carry its markup: ADR 037).
 */
export default function FiltersModal({
  open,
  onOpenChange,
  total,
  onReset,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  total: number
  /** Shown while a filter is on. */
  onReset?: () => void
  children: ReactNode
}) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('catalog.filters')}
      size="lg"
      phoneFullHeight
      footer={
        <>
          {onReset && (
            <button type="button" className={buttonClass.secondary} onClick={onReset}>
              {t('catalog.filtersReset')}
            </button>
          )}
          <button
            type="button"
            className={`${buttonClass.primary} flex-1 tablet:flex-none`}
            onClick={() => onOpenChange(false)}
          >
            {t('catalog.filtersShow', { count: total })}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
