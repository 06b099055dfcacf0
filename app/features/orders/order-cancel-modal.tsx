import { useId, useRef, useState } from 'react'
import { useMutation, useQuery } from '../../lib/query'
import type { OrderDetail } from '../../../server/contracts/orders'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { Dialog } from '../../components/ui/dialog'
import { buttonClass } from '../../components/ui/button'
import { errorMessage } from '../../shell/use-cart'
import '../../lib/messages/commerce'

/** The order-cancel modal: pick a reason ("Другая причина" asks for the customer's own words, required), confirm. */
export default function OrderCancelModal({
  id,
  number,
  open,
  onOpenChange,
  onCancelled,
}: {
  id: number
  number: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onCancelled: (order: OrderDetail) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const reasons = useQuery(trpc.orders.cancelReasons.queryOptions()).data ?? []
  const cancel = useMutation(trpc.orders.cancel.mutationOptions())
  const [reason, setReason] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | null>(null)
  const commentRef = useRef<HTMLTextAreaElement>(null)
  const commentId = useId()
  const other = reasons.find((r) => r.id === reason)?.other === true
  const submit = () => {
    if (reason === null) return
    if (other && !comment.trim()) {
      setCommentError(t('order.cancelOtherRequired'))
      commentRef.current?.focus()
      return
    }
    cancel.mutate(
      { id, reason, comment: other ? comment : '' },
      {
        onSuccess: (r) => {
          onCancelled(r.order)
          onOpenChange(false)
        },
        onError: (e) => setError(errorMessage(e, t('form.failed'))),
      },
    )
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('order.cancelTitle', { number })}
      size="sm"
      initialFocus="none"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            {t('order.cancelKeep')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={reason === null || cancel.isPending}
            onClick={submit}
          >
            {t('order.cancelConfirm')}
          </button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t('order.cancelReason')}</legend>
        {reasons.map((r) => (
          <label key={r.id} className="flex items-center gap-2">
            <input type="radio" name="reason" value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} />
            {r.title}
          </label>
        ))}
      </fieldset>
      {other && (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={commentId} className="text-sm font-medium text-neutral-700">
            {t('order.cancelOther')} <span aria-hidden="true">*</span>
          </label>
          <textarea
            ref={commentRef}
            id={commentId}
            value={comment}
            required
            rows={3}
            maxLength={500}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? `${commentId}-error` : undefined}
            onChange={(e) => {
              setComment(e.target.value)
              setCommentError(null)
            }}
            className="rounded-xl border border-neutral-300 bg-white p-3"
          />
          {commentError && (
            <p id={`${commentId}-error`} className="text-sm text-red-700">
              {commentError}
            </p>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  )
}
