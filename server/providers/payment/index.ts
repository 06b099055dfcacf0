import { env } from '../../env'
import { testProvider } from './test'
import type { PaymentProvider } from './types'
import { yookassaProvider } from './yookassa'

export type { PaymentProvider } from './types'
export { AcquirerError } from './types'

/** The configured acquirer (PAYMENT_PROVIDER). */
export function paymentProvider(): PaymentProvider {
  const e = env()
  switch (e.PAYMENT_PROVIDER) {
    case 'test':
      return testProvider(e.PAYMENT_SECRET)
    case 'yookassa':
      return yookassaProvider({
        shopId: e.YOOKASSA_SHOP_ID,
        secretKey: e.YOOKASSA_SECRET_KEY,
        apiUrl: e.YOOKASSA_API_URL,
        vatCode: e.YOOKASSA_VAT_CODE,
        taxSystemCode: e.YOOKASSA_TAX_SYSTEM_CODE === '' ? null : e.YOOKASSA_TAX_SYSTEM_CODE,
      })
  }
}

/** The test acquirer's routes (its page, its signed notifications) exist only with PAYMENT_PROVIDER=test. */
export const isTestAcquirer = () => env().PAYMENT_PROVIDER === 'test'
