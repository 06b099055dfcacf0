import { buttonClass } from '../ui/button'
import { Dialog } from '../ui/dialog'
import { useT } from '../../lib/i18n'
import '../../lib/messages/shell-more'

/**
 * The error modal (spec §4, §8): a server's `success:false` message, or "Form completed
 * incorrectly" for an invalid form.
 *
 * Props: `open`, `onOpenChange`, `message` (the text shown), `title` (default "Error"),
 * `returnFocus` — where focus goes on close (the form's first invalid field; default: the opener).
 * It never opens over another dialog: a form inside one shows its errors inline (see FormBlock).
 * Lazy-load it where it is only needed after an interaction:
 * `const ErrorModal = lazy(() => import('../form/error-modal'))`.
 */
export function ErrorModal({
  open,
  onOpenChange,
  message,
  title,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  message: string
  title?: string
  returnFocus?: () => HTMLElement | null | undefined
}) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title ?? t('form.error')}
      returnFocus={returnFocus}
      footer={
        <button type="button" className={buttonClass.primary} onClick={() => onOpenChange(false)}>
          OK
        </button>
      }
    >
      <p role="alert" className="text-base text-ink">
        {message}
      </p>
    </Dialog>
  )
}

export default ErrorModal
