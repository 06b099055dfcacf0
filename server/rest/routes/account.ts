import { z } from 'zod'
import { defineRoute, RawReply } from '../registry'
import * as account from '../../services/account'
import * as suggest from '../../services/suggest'
import { finishOAuth, OAUTH_FAILED_PATH, socialProviders, startOAuth } from '../../services/oauth'
import { consentPage, testAuthorize, testToken, testUserinfo, TestOAuthError } from '../../auth/oauth/test-provider'
import { isTestProviderEnabled } from '../../auth/oauth'
import { env, isDemo } from '../../env'
import { isOutbox } from '../../providers/sms'
import { AppError } from '../../errors'
import { email } from '../../contracts/common'
import { mailOutboxList } from '../../providers/mail'
import {
  AccountUpdateInput,
  ContactCodeInput,
  SuggestLists,
  AddressDeleteInput,
  AddressInput,
  AddressListResult,
  AddressUpdateInput,
  CheckResult,
  LoginCodeInput,
  LoginInput,
  RegistrationInput,
  RestoreInput,
  Result,
  SmsInput,
  SmsOutboxInput,
  SmsResult,
  SocialProvider,
  SuggestInput,
  UserCheckInput,
  UserInfo,
  UserResult,
} from '../../contracts/account'

const none = z.object({}).passthrough()
const tags = ['account']
const stags = ['suggestions']
const otags = ['social login']

const redirect = (location: string) =>
  new RawReply(new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } }))

const html = (body: string, status = 200) =>
  new RawReply(
    new Response(body, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The consent page must not be framed (clickjacking) and runs no script.
        'x-frame-options': 'DENY',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
      },
    }),
  )

/** The demo parts answer 404 before reading any input when the configuration does not run them. */
const smsOutboxOn = () => isDemo() && isOutbox()
const mailOutboxOn = () => isDemo() && env().MAIL_PROVIDER === 'outbox'

const str = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(2000))

const OAuthCallbackQuery = z
  .object({ code: str.optional(), state: str.optional(), error: str.optional(), deviceId: str.optional() })
  .passthrough()

const TestAuthorizeQuery = z.object({
  redirectUri: z.string().max(2000),
  state: z.string().max(200),
  codeChallenge: z.string().max(200),
  codeChallengeMethod: z.string().max(10).default('S256'),
})

export const accountRoutes = [
  defineRoute({
    method: 'GET',
    path: '/user-info/',
    summary: 'The caller: signed in or not, city, info, type, bank details, addresses',
    tags,
    input: none,
    output: UserInfo,
    handler: (_, ctx) => account.userInfo(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-check/',
    summary: 'Whether an account with this phone (or e-mail) exists',
    tags,
    input: UserCheckInput,
    output: CheckResult,
    errors: [422, 429],
    handler: (input, ctx) => account.userCheck(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-registration/',
    summary: 'Sign up (individual or legal) and sign in; a duplicate phone or e-mail is 409',
    tags,
    input: RegistrationInput,
    output: UserResult,
    errors: [409, 422, 429],
    handler: (input, ctx) => account.register(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-login/',
    summary: 'Sign in with a phone or e-mail and a password; a wrong pair is 401 with one message for both cases',
    tags,
    input: LoginInput,
    output: UserResult,
    errors: [401, 422, 429],
    handler: (input, ctx) => account.login(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-sms/',
    summary:
      'Send a 4-digit sign-in code by SMS; again within 60 s is 429 with `timeout` = seconds left; a send the gateway refused is 503 (no wait starts)',
    tags,
    input: SmsInput,
    output: SmsResult,
    errors: [422, 429, 503],
    handler: (input, ctx) => account.sendLoginSms(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-login-code/',
    summary:
      'Sign in with the SMS code (a new phone creates the account; an account that never proved this phone loses its other sessions and its password); 5 wrong codes burn it, 20 wrong codes a day for one phone make every check 429',
    tags,
    input: LoginCodeInput,
    output: UserResult,
    errors: [422, 429],
    handler: (input, ctx) => account.loginWithCode(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-password-restore/',
    summary:
      'Password restore: `{login}` sends a code (the same answer and waits whether or not the account exists); `{login, code, password}` sets the new password and signs in',
    tags,
    input: RestoreInput,
    output: z.union([SmsResult, UserResult]),
    errors: [422, 429],
    handler: (input, ctx) => account.restorePassword(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-logout/',
    summary: 'Sign out: the session is destroyed (the old cookie stops working); the cart stays with the account',
    tags,
    input: none,
    output: Result,
    handler: (_, ctx) => account.logout(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-account-update/',
    summary:
      'Personal info and account type (legal: INN with checksum, bank details with BIC key check); a new phone or e-mail needs `phoneCode` / `emailCode` from /user-contact-code/',
    tags,
    input: AccountUpdateInput,
    output: UserResult,
    errors: [401, 409, 422, 429],
    handler: (input, ctx) => account.updateAccount(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-contact-code/',
    summary:
      'Send a code to a new phone (`{phone}`, SMS) or e-mail (`{email}`) to prove it before the profile takes it; 409 when another account has it or mail is not set up, 429 within 60 s, 503 when the send failed',
    tags,
    input: ContactCodeInput,
    output: SmsResult,
    errors: [401, 409, 422, 429, 503],
    handler: (input, ctx) => account.sendContactCode(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/user-address-list/',
    summary: "The signed-in user's addresses",
    tags,
    input: none,
    output: AddressListResult,
    errors: [401],
    handler: (_, ctx) => account.listAddresses(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/user-address-list/',
    summary: 'Add an address',
    tags,
    input: AddressInput,
    output: AddressListResult,
    errors: [401, 409, 422],
    handler: (input, ctx) => account.addAddress(ctx, input),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/user-address-list/',
    summary: "Edit an address (another user's id is 404)",
    tags,
    input: AddressUpdateInput,
    output: AddressListResult,
    errors: [401, 404, 422],
    handler: (input, ctx) => account.updateAddress(ctx, input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/user-address-list/',
    summary: "Remove an address (another user's id is 404)",
    tags,
    input: AddressDeleteInput,
    output: AddressListResult,
    errors: [401, 404, 422],
    handler: (input, ctx) => account.deleteAddress(ctx, input),
  }),

  defineRoute({
    method: 'GET',
    path: '/suggest-address/',
    summary: "Street and house in the session's city",
    tags: stags,
    input: SuggestInput,
    output: SuggestLists.address,
    handler: (input, ctx) => suggest.suggestAddress(ctx, input.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/suggest-name/',
    summary: 'Full name: the last word completed from surnames, first names, patronymics',
    tags: stags,
    input: SuggestInput,
    output: SuggestLists.name,
    handler: (input, ctx) => suggest.suggestName(ctx, input.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/suggest-city/',
    summary: 'Cities by name',
    tags: stags,
    input: SuggestInput,
    output: SuggestLists.city,
    handler: (input, ctx) => suggest.suggestCity(ctx, input.query),
  }),
  defineRoute({
    method: 'GET',
    path: '/suggest-bank/',
    summary: 'Banks by BIC prefix or name',
    tags: stags,
    input: SuggestInput,
    output: SuggestLists.bank,
    handler: (input, ctx) => suggest.suggestBank(ctx, input.query),
  }),

  defineRoute({
    method: 'GET',
    path: '/dev/sms-outbox/',
    summary:
      'Messages sent through the outbox SMS provider, newest first (404 unless demo mode with the outbox provider)',
    tags: ['dev'],
    input: SmsOutboxInput,
    output: z.object({
      list: z.array(z.object({ phone: z.string(), text: z.string(), code: z.string(), createdAt: z.string() })),
    }),
    errors: [404, 422],
    enabled: smsOutboxOn,
    handler: (input, ctx) => account.smsOutboxList(ctx, input.phone),
  }),
  defineRoute({
    method: 'GET',
    path: '/dev/mail-outbox/',
    summary:
      'Letters sent through the outbox mail provider, newest first (404 unless demo mode with MAIL_PROVIDER=outbox)',
    tags: ['dev'],
    input: z.object({ email: email() }),
    output: z.object({
      list: z.array(
        z.object({ email: z.string(), subject: z.string(), text: z.string(), code: z.string(), createdAt: z.string() }),
      ),
    }),
    errors: [404, 422],
    enabled: mailOutboxOn,
    handler: (input, ctx) => mailOutboxList(ctx, input.email),
  }),

  defineRoute({
    method: 'GET',
    path: '/oauth/providers/',
    summary: 'Social sign-in providers enabled on this site',
    tags: otags,
    input: z.object({ back: z.string().max(500).optional() }),
    output: z.object({ list: z.array(SocialProvider) }),
    handler: (input, ctx) => ({ list: socialProviders(ctx, input.back) }),
  }),
  defineRoute({
    // POST (a form button), not a link: it creates the session and the state, and a GET must not change anything.
    method: 'POST',
    path: '/oauth/{provider}/start/',
    summary:
      'Begin social sign-in (form POST; `back` in the query or body): 302 to the provider (authorization code + PKCE S256, state bound to the session)',
    tags: otags,
    input: z.object({ back: z.string().max(500).optional() }),
    errors: [404],
    handler: async (input, ctx, params) => redirect(await startOAuth(ctx, params.provider ?? '', input.back)),
  }),
  defineRoute({
    method: 'GET',
    path: '/oauth/{provider}/callback/',
    summary:
      'Provider callback: checks state, exchanges the code, links or creates the account, 302 back (a bad state goes to /login/?oauth=failed)',
    tags: otags,
    input: OAuthCallbackQuery,
    errors: [404],
    handler: async (input, ctx, params) => {
      const q: Record<string, string | undefined> = {}
      for (const [k, v] of Object.entries(input)) if (typeof v === 'string') q[k] = v
      return redirect(await finishOAuth(ctx, params.provider ?? '', q))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/oauth/test/authorize/',
    summary: 'Test provider: consent page',
    tags: otags,
    hidden: true,
    enabled: isTestProviderEnabled,
    input: TestAuthorizeQuery,
    handler: (input, ctx) => {
      if (!input.redirectUri.startsWith(`${ctx.origin}/api/oauth/test/callback/`))
        throw new AppError(422, 'api.validation')
      return html(consentPage(input, ctx.locale))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/oauth/test/authorize/',
    summary: 'Test provider: the consent decision',
    tags: otags,
    hidden: true,
    enabled: isTestProviderEnabled,
    input: TestAuthorizeQuery.extend({ decision: str, name: str, email: str, phone: str }),
    handler: (input, ctx) => {
      if (!input.redirectUri.startsWith(`${ctx.origin}/api/oauth/test/callback/`))
        throw new AppError(422, 'api.validation')
      try {
        return redirect(testAuthorize(input))
      } catch (e) {
        if (e instanceof TestOAuthError) return redirect(OAUTH_FAILED_PATH)
        throw e
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/oauth/test/token/',
    summary: 'Test provider: token endpoint',
    tags: otags,
    hidden: true,
    enabled: isTestProviderEnabled,
    input: z.object({ code: str, codeVerifier: str, redirectUri: str }),
    handler: (input) => {
      try {
        return testToken(input)
      } catch (e) {
        if (e instanceof TestOAuthError) throw new AppError(400, 'api.validation')
        throw e
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/oauth/test/userinfo/',
    summary: 'Test provider: userinfo endpoint (access_token in the query)',
    tags: otags,
    hidden: true,
    enabled: isTestProviderEnabled,
    input: z.object({ accessToken: str }),
    handler: (input) => {
      try {
        const p = testUserinfo(input.accessToken)
        return { sub: p.subject, name: p.name, email: p.email, email_verified: p.emailVerified, phone_number: p.phone }
      } catch (e) {
        if (e instanceof TestOAuthError) throw new AppError(401, 'api.unauthorized')
        throw e
      }
    },
  }),
]
