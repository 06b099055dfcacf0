import { env } from '../../env'
import { testProvider } from './test'
import type { PaymentProvider } from './types'

export type { PaymentProvider } from './types'

/** The configured acquirer (PAYMENT_PROVIDER); a real one is one more file and one more case. */
export function paymentProvider(): PaymentProvider {
  const e = env()
  switch (e.PAYMENT_PROVIDER) {
    case 'test':
      return testProvider(e.PAYMENT_SECRET)
    case 'yookassa':
      throw new Error('PAYMENT_PROVIDER=yookassa: provider being added')
  }
}
