import { useState } from 'react'
import { useMutation, useQueryClient } from '../../lib/query'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { Dialog } from '../../components/ui/dialog'
import { buttonClass } from '../../components/ui/button'
import { SlotPicker, type PickedSlot } from '../../components/booking/slot-picker'
import { statusOf } from '../../components/booking/booking-queries'
import { offsetOf } from '../../components/booking/visit-time'
import type { Visit } from './visit-card'
import '../../lib/messages/booking'

/**
 * Moving a visit: another free time of the same service in the same salon (any master, or the
 * visit's own when it has one), booked and the old one freed in one step on the server
 * (`booking.move`). A time taken meanwhile says so and shows the times again.
 */
export default function MoveDialog({
  visit,
  onClose,
  onMoved,
}: {
  visit: Visit
  onClose: () => void
  onMoved: (start: string) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const move = useMutation(trpc.booking.move.mutationOptions())
  const [slot, setSlot] = useState<PickedSlot | null>(null)
  const [error, setError] = useState<string | null>(null)
  const salon = { id: visit.salon.id, timeZone: visit.salon.timeZone || offsetOf(visit.start) }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('booking.moveTitle')}
      description={visit.service.name}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('booking.cancelNo')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={!slot || move.isPending}
            aria-busy={move.isPending || undefined}
            onClick={async () => {
              if (!slot) return
              setError(null)
              try {
                await move.mutateAsync({ id: visit.id, start: slot.start })
                onMoved(slot.start)
              } catch (err) {
                if (statusOf(err) === 409 || statusOf(err) === 422) {
                  setSlot(null)
                  void queryClient.invalidateQueries({ queryKey: trpc.booking.slots.queryKey() })
                }
                setError(
                  statusOf(err) === 409
                    ? t('booking.taken')
                    : err instanceof Error && err.message
                      ? err.message
                      : t('booking.failed'),
                )
              }
            }}
          >
            {t('booking.moveSubmit')}
          </button>
        </>
      }
    >
      <SlotPicker service={visit.service.id} salon={salon} picked={slot?.start ?? null} onPick={setSlot} />
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  )
}
