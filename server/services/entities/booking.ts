import { t } from '../../contracts/i18n'
import { crumbs, type Resolvers, redirectEntity } from './page'
import type { bookingPages } from '../../contracts/pages/booking'
import '../../contracts/pages/booking'
import { env } from '../../env'

/**
 * "Мои записи" and one visit. The list is the account's (visitors go to /login/); a visit's page
 * is also the guest's confirmation, so it answers any session: the page reads the visit from
 * `booking.mine`, which holds only the session's or account's own visits.
 */
export const bookingResolvers: Resolvers<typeof bookingPages> = {
  'personal-bookings': (ctx) => {
    if (ctx.session.userId === null) return redirectEntity('/login/?back=/personal/bookings/')
    const title = t(ctx.locale, 'page.bookings')
    return {
      type: 'personal-bookings',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/personal/bookings/' }),
      data: {},
    }
  },
  'personal-booking': (ctx, { id = '' }) => {
    if (!/^\d{1,12}$/.test(id)) return null
    const title = t(ctx.locale, 'page.booking')
    const list = t(ctx.locale, 'page.bookings')
    return {
      type: 'personal-booking',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, ...(ctx.session.userId !== null ? [{ label: list, link: '/personal/bookings/' }] : []), {
        label: title,
        link: `/personal/bookings/${id}/`,
      }),
      data: { id: Number(id), cancelHours: env().BOOKING_CANCEL_HOURS },
    }
  },
}
