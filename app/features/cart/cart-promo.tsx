import { useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../lib/i18n'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { announce } from '../../components/layout/live-region'
import { errorMessage, useCartMutations } from '../../shell/use-cart'
import '../../lib/messages/commerce-cart'

/** The one current message of the promo field: an error, or what just happened to the code. */
export interface PromoNote {
  tone: 'error' | 'info'
  text: string
}

/** The promo code: the field and its apply button, or the applied code with a remove button; focus stays with it. */
export function PromoBlock({
  promocode,
  note,
  setNote,
}: {
  promocode: string | null
  note: PromoNote | null
  setNote: (n: PromoNote | null) => void
}) {
  const t = useT()
  const m = useCartMutations()
  const inputId = useId()
  const [promo, setPromo] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  // Focus stays with the promo control across the switch between the field and the applied code.
  const focusNext = useRef<'input' | 'remove' | null>(null)
  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeRef.current : focusNext.current ? inputRef.current : null
    if (!target) return
    focusNext.current = null
    target.focus()
  }, [promocode, note])
  const fail = (e: unknown) => {
    const text = errorMessage(e, t('form.failed'))
    setNote({ tone: 'error', text })
    announce(text)
    focusNext.current = promocode ? 'remove' : 'input'
  }
  const noteId = `${inputId}-note`
  const noteText = note ? (
    <p
      id={noteId}
      className={`text-sm ${note.tone === 'error' ? 'text-red-700' : 'text-amber-800'}`}
      data-testid="cart-promo-note"
    >
      {note.text}
    </p>
  ) : null
  if (promocode) {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-green-800" data-testid="cart-promo-active">
            {t('cart.promoActive', { code: promocode })}
          </p>
          <button
            ref={removeRef}
            type="button"
            className="min-h-11 text-sm underline disabled:opacity-50"
            disabled={m.removePromo.isPending}
            onClick={() =>
              m.removePromo.mutate(
                { promocode },
                {
                  onSuccess: (cart) => {
                    setNote(null)
                    announce(cart.message)
                    focusNext.current = 'input'
                  },
                  onError: fail,
                },
              )
            }
          >
            {t('cart.promoRemove')}
          </button>
        </div>
        {noteText}
      </div>
    )
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault()
        if (!promo.trim()) {
          setNote({ tone: 'error', text: t('cart.promoRequired') })
          announce(t('cart.promoRequired'))
          focusNext.current = 'input'
          return
        }
        m.applyPromo.mutate(
          { promocode: promo },
          {
            onSuccess: (cart) => {
              setPromo('')
              setNote(null)
              announce(t('cart.promoActive', { code: cart.promocode ?? '' }))
              focusNext.current = 'remove'
            },
            onError: fail,
          },
        )
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-700">
        {t('cart.promo')}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          value={promo}
          onChange={(e) => {
            setPromo(e.target.value)
            if (note?.tone === 'error') setNote(null)
          }}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-neutral-300 bg-white px-3 uppercase placeholder:normal-case"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={note?.tone === 'error' ? true : undefined}
          aria-describedby={note ? noteId : undefined}
        />
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={m.applyPromo.isPending}
          aria-busy={m.applyPromo.isPending || undefined}
        >
          {t('cart.promoApply')}
        </button>
      </div>
      {noteText}
      <AppLink to="/promo/" className="w-fit text-sm text-brand-700 underline">
        {t('cart.promoWhere')}
      </AppLink>
    </form>
  )
}
