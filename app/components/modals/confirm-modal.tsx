import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import { Dialog } from '../ui/dialog'
import '../../lib/messages/shell-more'

/**
 * The confirm modal (spec §2): a question with confirm / cancel.
 * Props: `open`, `onOpenChange`, `title`, `message`, `confirmLabel` (default "Yes"),
 * `cancelLabel` (default "Cancel"), `onConfirm()` (may return a promise: the button shows busy
 * and the modal closes when it resolves), `busy`. Focus starts on cancel (the safe choice).
 */
export default function ConfirmModal({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  message?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm: () => void | Promise<unknown>
  busy?: boolean
}) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)} autoFocus>
            {cancelLabel ?? t('confirm.no')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={async () => {
              await onConfirm()
              onOpenChange(false)
            }}
          >
            {confirmLabel ?? t('confirm.yes')}
          </button>
        </>
      }
    >
      {message && <div className="text-base text-ink">{message}</div>}
    </Dialog>
  )
}

export { ConfirmModal }
