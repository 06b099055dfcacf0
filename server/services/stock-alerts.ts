import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import type { DB } from '../../db/client'
import { transaction } from '../../db/engine'
import { catalogSections, productOffers, products, siteOptions, stockSubscriptions, users } from '../../db/schema'
import type { Ctx } from '../context'
import { hit, type Limit } from '../auth/throttle'
import { isOfferId } from '../contracts/cart'
import { t, type Locale } from '../contracts/i18n'
import { localizedText } from '../contracts/localized'
import type { StockAlertInput, StockAlertResult } from '../contracts/stock-alerts'
import { env } from '../env'
import { AppError } from '../errors'
import { log } from '../logger'
import { mailProvider } from '../providers/mail'
import { smsProvider } from '../providers/sms'
import { productLink } from './cart'
import { assertMobile, spendSmsBudget } from './sms-limits'

/**
 * "Сообщить о поступлении" (issue 17, ADR 016).
 *
 * `subscribeStockAlert` stores one row per (offer, channel, contact) in `stock_subscriptions`:
 * a second request for the same contact answers the same 200 (`already: true`), and one for an
 * alert already sent arms it again (the volume is sold out once more). Only a sold-out volume of
 * a visible product can be subscribed to (422 otherwise). Limited per client address.
 *
 * `deliverStockAlerts` sends every pending alert whose offer has stock again, each exactly once
 * even with several processes running it: the rows are claimed by one UPDATE … SET notified_at
 * WHERE notified_at IS NULL … RETURNING (SQLite runs it under the write lock, so two runners
 * never claim the same row), then sent; a send that fails gives its claim back, so the next run
 * tries again. The periodic job `stock-alerts` runs it every minute (any path that raises stock,
 * a manual SQL update included); the paths that return stock — a cancel by the shopper, by 1C or
 * by hold expiry, and a 1C offers import — call `stockMayHaveReturned` right after their commit,
 * so the shopper hears at once.
 *
 * Texts go to Russian mobile numbers only (422 on `phone` otherwise); an alert to a phone no
 * account has proven spends the shop's hourly SMS budget and waits for a later run once it is
 * spent (ADR 040).
 */

const IMMEDIATE = { behavior: 'immediate' } as const

/** Subscriptions per client address (like the shop's other forms that store a contact). */
export const STOCK_ALERT_LIMIT: Limit = { max: 20, windowMs: 10 * 60_000 }
/** Alerts claimed per run at most; the rest go on the next run. */
const BATCH = 200

interface OfferState {
  id: number
  stock: number
  hidden: boolean
}

async function findOffer(db: DB, id: number): Promise<OfferState | undefined> {
  const offer = db
    .select({ id: productOffers.id, stock: productOffers.stock, price: productOffers.price, hidden: products.hidden })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
  if (isOfferId(id)) {
    const [o] = await offer.where(eq(productOffers.id, id))
    return o && { id: o.id, stock: o.stock, hidden: o.hidden }
  }
  // A product id means its default offer (ADR 006): the cheapest in stock, else the first by sort.
  const offers = await offer.where(eq(products.id, id)).orderBy(asc(productOffers.sort), asc(productOffers.id))
  const inStock = offers.filter((o) => o.stock > 0).sort((a, b) => a.price - b.price || a.id - b.id)
  const o = inStock[0] ?? offers[0]
  return o && { id: o.id, stock: o.stock, hidden: o.hidden }
}

const refuse = (key: string, field = 'id') => new AppError(422, key, {}, { errors: { [field]: key } })

export async function subscribeStockAlert(
  ctx: Ctx,
  input: z.output<typeof StockAlertInput>,
): Promise<StockAlertResult> {
  await hit(ctx.db, `stock-alert:ip:${ctx.clientIp}`, STOCK_ALERT_LIMIT)
  const channel = input.channel
  const contact = input.channel === 'email' ? input.email : input.phone
  if (channel === 'email' && !mailProvider()) throw refuse('stockAlert.noMail', 'email')
  if (input.channel === 'sms') assertMobile(input.phone)
  const offer = await findOffer(ctx.db, input.id)
  if (!offer) throw new AppError(404, 'stockAlert.unknown')
  if (offer.hidden) throw refuse('stockAlert.unavailable')
  if (offer.stock > 0) throw refuse('stockAlert.inStock')
  const userId = ctx.session.userId
  const now = Date.now()
  const already = await transaction(
    ctx.db,
    async (tx) => {
      const [row] = await tx
        .select({ id: stockSubscriptions.id, notifiedAt: stockSubscriptions.notifiedAt })
        .from(stockSubscriptions)
        .where(
          and(
            eq(stockSubscriptions.offerId, offer.id),
            eq(stockSubscriptions.channel, channel),
            eq(stockSubscriptions.contact, contact),
          ),
        )
      if (!row) {
        await tx
          .insert(stockSubscriptions)
          .values({ offerId: offer.id, channel, contact, userId, locale: ctx.locale, createdAt: now })
        return false
      }
      // Waiting already: the same answer, nothing new. Sent before: armed again for this sell-out.
      await tx
        .update(stockSubscriptions)
        .set({
          locale: ctx.locale,
          ...(userId !== null ? { userId } : {}),
          ...(row.notifiedAt !== null ? { notifiedAt: null, createdAt: now } : {}),
        })
        .where(eq(stockSubscriptions.id, row.id))
      return row.notifiedAt === null
    },
    IMMEDIATE,
  )
  return { success: true, message: t(ctx.locale, 'stockAlert.subscribed'), offerId: offer.id, already }
}

interface Claimed {
  id: number
  offerId: number
  channel: 'email' | 'sms'
  contact: string
  locale: Locale
}

interface OfferInfo {
  id: number
  volume: number
  name: string
  nameEn: string
  slug: string
  section: string
}

async function shopTitle(db: DB): Promise<string> {
  const [row] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, 'title'))
  return typeof row?.value === 'string' ? row.value : ''
}

const s = alias(stockSubscriptions, 's')
const qb = new QueryBuilder()

/**
 * Claims up to BATCH pending alerts whose offer has stock again (visible products only; sms
 * alone without a mail provider): one UPDATE … RETURNING, so two runners never claim the same row.
 */
function claim(db: DB, now: number, withMail: boolean): Promise<Claimed[]> {
  const ready = qb
    .select({ id: s.id })
    .from(s)
    .innerJoin(productOffers, eq(productOffers.id, s.offerId))
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(
      and(
        isNull(s.notifiedAt),
        gt(productOffers.stock, 0),
        eq(products.hidden, false),
        withMail ? undefined : eq(s.channel, 'sms'),
      ),
    )
    .orderBy(asc(s.id))
    .limit(BATCH)
  return db
    .update(stockSubscriptions)
    .set({ notifiedAt: now })
    .where(and(isNull(stockSubscriptions.notifiedAt), inArray(stockSubscriptions.id, ready)))
    .returning({
      id: stockSubscriptions.id,
      offerId: stockSubscriptions.offerId,
      channel: stockSubscriptions.channel,
      contact: stockSubscriptions.contact,
      locale: stockSubscriptions.locale,
    })
}

/**
 * Sends the pending alerts of offers that have stock again (visible products only); answers
 * how many this call sent. Safe in several processes at once; never throws for a failed send.
 */
export async function deliverStockAlerts(db: DB, now = Date.now()): Promise<number> {
  const mail = mailProvider()
  const claimed: Claimed[] = await claim(db, now, mail !== null)
  if (!claimed.length) return 0
  const ids = [...new Set(claimed.map((c) => c.offerId))]
  const offerRows = await db
    .select({
      id: productOffers.id,
      volume: productOffers.volume,
      name: products.name,
      nameEn: products.nameEn,
      slug: products.slug,
      section: catalogSections.slug,
    })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(inArray(productOffers.id, ids))
  const infos = new Map(offerRows.map((o): [number, OfferInfo] => [o.id, o]))
  const origin = env().APP_ORIGIN
  const shop = await shopTitle(db)
  // Phones an account has proven are texted as they are; any other phone is a text the shop pays
  // for at a stranger's word, so it spends the hourly SMS budget (ADR 040).
  const smsContacts = [...new Set(claimed.filter((c) => c.channel === 'sms').map((c) => c.contact))]
  const verified = new Set(
    smsContacts.length
      ? (
          await db
            .select({ phone: users.phone })
            .from(users)
            .where(and(inArray(users.phone, smsContacts), isNotNull(users.phoneVerifiedAt)))
        ).map((u) => u.phone)
      : [],
  )
  const release = async (id: number) => {
    await db
      .update(stockSubscriptions)
      .set({ notifiedAt: null })
      .where(and(eq(stockSubscriptions.id, id), eq(stockSubscriptions.notifiedAt, now)))
  }
  // Each send starts at once (the outbox providers store the message synchronously).
  const results = await Promise.all(
    claimed.map(async (c) => {
      const o = infos.get(c.offerId)
      if (!o) return false
      const params = {
        name: localizedText(o, 'name', c.locale),
        volume: o.volume,
        link: `${origin}${productLink(o.section, o.slug)}`,
        shop,
      }
      if (c.channel === 'sms' && !verified.has(c.contact)) {
        try {
          await spendSmsBudget(db)
        } catch (e) {
          // The budget is spent (the log says so once): given back, sent in a later hour.
          await release(c.id)
          if (!(e instanceof AppError && e.status === 429))
            log.error('Stock alert not sent', { id: c.id, channel: c.channel, error: String(e) })
          return false
        }
      }
      try {
        if (c.channel === 'sms')
          await smsProvider().send(db, { phone: c.contact, text: t(c.locale, 'stockAlert.sms', params) })
        else if (mail)
          await mail.send(db, {
            to: c.contact,
            subject: t(c.locale, 'stockAlert.mail.subject', params),
            text: t(c.locale, 'stockAlert.mail.text', params),
          })
        return true
      } catch (e) {
        // Given back: the next run (a minute later at most) tries again.
        await release(c.id)
        log.error('Stock alert not sent', { id: c.id, channel: c.channel, error: String(e) })
        return false
      }
    }),
  )
  const sent = results.filter(Boolean).length
  if (sent) log.info('Stock alerts sent', { count: sent })
  return sent
}

/** After a commit that may have put a sold-out volume back on sale: the alerts go out now. */
export function stockMayHaveReturned(db: DB): void {
  deliverStockAlerts(db).catch((e: unknown) => log.error('Stock alerts failed', { error: String(e) }))
}
