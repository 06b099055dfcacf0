import { lazy } from 'react'
import type { PageProps } from '../../lib/entity'
import CheckoutPage from '../checkout/checkout-page'

const UserLoginModal = lazy(() => import('../account/user-login-modal'))

/**
 * The checkout with the user-login modal for its guests' "Sign in" (checkout-sign-in.tsx): features
 * do not import each other, the page registry joins them. In the checkout's chunk, not the entry.
 */
export default function Checkout(props: PageProps<'checkout' | 'checkout-offline'>) {
  return <CheckoutPage {...props} LoginModal={UserLoginModal} />
}
