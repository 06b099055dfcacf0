import { t } from '../../contracts/i18n'
import { crumbs, type Resolvers, redirectEntity } from './page'
import type { accountPages } from '../../contracts/pages/account'
import { returnPath } from '../oauth'

/** Sign-in, registration and the personal pages (visitors are sent to /login/). */
export const accountResolvers: Resolvers<typeof accountPages> = {
  login: (ctx, _params, query) => {
    // Signed in already: straight on to where the sign-in would have led.
    if (ctx.session.userId !== null)
      return redirectEntity(returnPath(ctx, typeof query.back === 'string' ? query.back : undefined))
    const title = t(ctx.locale, 'page.login')
    return {
      type: 'login',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/login/' }),
      data: {},
    }
  },
  registration: (ctx, _params, query) => {
    if (ctx.session.userId !== null)
      return redirectEntity(returnPath(ctx, typeof query.back === 'string' ? query.back : undefined))
    const title = t(ctx.locale, 'page.registration')
    return {
      type: 'registration',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/registration/' }),
      data: {},
    }
  },
  'personal-info': (ctx) => {
    if (ctx.session.userId === null) return redirectEntity('/login/?back=/personal/')
    const title = t(ctx.locale, 'page.personal')
    return {
      type: 'personal-info',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/personal/' }),
      data: {},
    }
  },
  'personal-addresses': (ctx) => {
    if (ctx.session.userId === null) return redirectEntity('/login/?back=/personal/addresses/')
    const title = t(ctx.locale, 'page.addresses')
    return {
      type: 'personal-addresses',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/personal/addresses/' }),
      data: {},
    }
  },
}
