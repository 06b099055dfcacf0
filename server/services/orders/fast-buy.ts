import { eq } from 'drizzle-orm'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { catalogSections, productOffers, products } from '../../../db/schema'
import { notFound } from '../../errors'
import { t } from '../../contracts/i18n'
import { orderLink, type CheckoutResult } from '../../contracts/orders'
import { productLink, resolveOffer } from '../cart'
import { env } from '../../env'
import { phoneConfirmed } from './confirm'
import { signedInUser } from './shared'
import { checkUnconfirmedLimits, orderLocks, writeOrder } from './write-order'

/** One product, one click: no cart involved; the manager calls back to agree delivery and payment. */
export async function fastBuy(
  ctx: Ctx,
  input: { id: number; quantity: number; fullname: string; phone: string; code?: string },
): Promise<CheckoutResult> {
  const user = await signedInUser(ctx)
  // The shop's SMS code for the phone: the order is placed confirmed (no hold, no caps but the line's).
  const confirmed = await phoneConfirmed(ctx, input.phone, input.code)
  // The order hangs off the session: created before the transaction, which awaits only the database.
  await ctx.session.ensure()
  const created = await transaction(
    ctx.db,
    async (tx) => {
      const offer = await resolveOffer(ctx, tx, input.id)
      const [row] = await tx
        .select({
          volume: productOffers.volume,
          price: productOffers.price,
          oldPrice: productOffers.oldPrice,
          name: products.name,
          slug: products.slug,
          image: products.image,
          sectionSlug: catalogSections.slug,
        })
        .from(productOffers)
        .innerJoin(products, eq(products.id, productOffers.productId))
        .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
        .where(eq(productOffers.id, offer.id))
      if (!row) throw notFound('cart.unknownProduct')
      await checkUnconfirmedLimits(
        ctx,
        tx,
        input.phone,
        [{ offerId: offer.id, productId: offer.productId, name: row.name, quantity: input.quantity }],
        { status: 'new', confirmed },
      )
      return await writeOrder(ctx, tx, {
        kind: 'fast-buy',
        status: 'new',
        deliveryCode: '',
        paymentCode: '',
        fullname: input.fullname || user?.fullname || '',
        phone: input.phone,
        email: user?.email ?? '',
        address: null,
        customer: null,
        comment: '',
        promocode: null,
        discount: 0,
        deliveryPrice: 0,
        confirmation: confirmed ? 'phone' : 'pending',
        holdMinutes: confirmed ? null : env().UNCONFIRMED_HOLD_MINUTES,
        lines: [
          {
            offerId: offer.id,
            productId: offer.productId,
            name: row.name,
            volume: row.volume,
            link: productLink(row.sectionSlug, row.slug),
            image: row.image.src,
            quantity: input.quantity,
            unitPrice: row.price,
            oldPrice: row.oldPrice,
          },
        ],
      })
    },
    orderLocks(ctx, input.phone),
  )
  return {
    success: true,
    message: t(ctx.locale, 'order.fastBuyCreated', { number: created.number }),
    order: { id: created.id, number: created.number, status: created.status, link: orderLink(created.id) },
  }
}
