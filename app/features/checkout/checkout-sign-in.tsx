import { Suspense, useState, type ComponentType } from 'react'
import { useT } from '../../lib/i18n'
import '../../lib/messages/commerce'

/** The user-login modal (spec §2), handed in by the page registry (features do not import each other). */
export type LoginModal = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>

/**
 * For a guest at checkout: "Bought from us before? Sign in" opens the user-login modal over the
 * page (a lazy component: its code, with the sign-in forms', loads with the first opening). After
 * signing in the page reloads here, the cart joins the account's, and the form comes filled with
 * the account's contacts and saved addresses.
 */
export function CheckoutSignIn({ LoginModal }: { LoginModal: LoginModal }) {
  const t = useT()
  const [open, setOpen] = useState<boolean | 'unloaded'>('unloaded')
  return (
    <p className="mb-6 rounded-2xl bg-neutral-100 px-4 py-3 text-neutral-700">
      {t('checkout.signInPrompt')}{' '}
      <button type="button" className="font-medium text-brand-700 underline" onClick={() => setOpen(true)}>
        {t('checkout.signIn')}
      </button>
      {open !== 'unloaded' && (
        <Suspense fallback={null}>
          <LoginModal open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </p>
  )
}
