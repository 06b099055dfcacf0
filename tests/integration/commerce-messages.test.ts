import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { offersInStock, setStock } from '../helpers/commerce'
import { AppError } from '../../server/errors'
import { createContext } from '../../server/context'
import { applyPromo, addToCart } from '../../server/services/cart'
import { formatNumber } from '../../server/contracts/number-format'

/**
 * Services hand their texts over as message keys with parameters (issue 15 point 5); the edge
 * translates them, so a field error with parameters reads the same as the answer's message, in
 * the caller's language, through REST and tRPC alike.
 */
describe('commerce errors carry message keys', () => {
  it("applyPromo's field error: the key and its parameters, worded at the edge", async () => {
    const [o] = (await offersInStock(1)).filter((x) => x.price < 10_000)
    await setStock(o!.id, 50)

    const ctx = await createContext(new Request('http://shop.test/api/cart-promocode/'))
    await addToCart(ctx, { id: o!.id, quantity: 1 })
    const thrown = await applyPromo(ctx, { promocode: 'VIP15' }).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(AppError)
    const min = formatNumber(10_000) // '10 000', grouped with a no-break space
    const minSum = { key: 'cart.promoMinSum', params: { min } }
    expect(thrown).toMatchObject({ status: 422, ...minSum, extra: { errors: { promocode: minSum } } })

    for (const [locale, text] of [
      ['en', `The promo code applies to orders from ${min} ₽`],
      ['ru', `Промокод действует при заказе от ${min} ₽`],
    ] as const) {
      const v = visitor({ locale })
      await v.post('/api/cart-list/', { id: o!.id })
      const rest = await v.post('/api/cart-promocode/', { promocode: 'VIP15' })
      expect(rest.status).toBe(422)
      expect(rest.body).toMatchObject({ success: false, message: text, errors: { promocode: text } })
      await expect(v.trpc().caller.cart.applyPromo({ promocode: 'VIP15' })).rejects.toMatchObject({
        message: text,
        answer: { errors: { promocode: text } },
      })
    }
  })
})
