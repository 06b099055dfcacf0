import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { callbackRequests, forms, formSubmissions } from '../../db/schema'
import { env } from '../env'
import { registerMessages, t } from '../contracts/i18n'
import { localizedText } from '../contracts/localized'
import { AppError, notFound } from '../errors'
import { errorMap, flattenErrors, formatPhone } from '../contracts/common'
import { schemaForForm, type FormCalculation, type FormDefinition, type FormResult } from '../contracts/forms'
import { enqueuePost } from './outbound'
import { describeServiceChoice, serviceChoices } from './services'
import type { FormFieldDef } from '../../db/schema/forms'
import { hit, type Limit } from '../auth/throttle'
import { safeReturnPath } from '../contracts/return-path'

registerMessages({
  ru: { 'form.callbackSubject': 'Заказ обратного звонка' },
  en: { 'form.callbackSubject': 'Callback request' },
})

/**
 * Forms (the callback and the generic ones together) one client address may send in ten minutes
 * (issue 25 §6: 40 of 40 from one address were taken); then 429 with the seconds to wait.
 */
export const FORM_LIMIT = { max: 10, windowMs: 10 * 60_000 } satisfies Limit

/** Counts a form of the caller's address; throws 429 when its window is full. */
const countForm = (ctx: Ctx) => hit(ctx.db, `form:ip:${ctx.clientIp}`, FORM_LIMIT)

/**
 * The hidden `page` as kept and handed to call tracking: a path of this site (a link of this site
 * becomes its path); anything else (`javascript:…`, another site) the home page, the request kept:
 * the shopper cannot see or correct the field, and the phone is what the shop needs. Empty stays empty.
 */
const pageOf = (ctx: Ctx, page: string) => (page ? safeReturnPath(page, ctx.origin) : '')

function accepted(ctx: Ctx): FormResult {
  return { success: true, message: `${t(ctx.locale, 'form.accepted')}. ${t(ctx.locale, 'form.contactSoon')}` }
}

/** Callback request (spec §7): stored, then posted to call tracking from the durable queue. */
export async function submitCallback(ctx: Ctx, input: { phone: string; page: string }): Promise<FormResult> {
  await countForm(ctx)
  const page = pageOf(ctx, input.page)
  const session = await ctx.session.ensure()
  const now = Date.now()
  await ctx.db.insert(callbackRequests).values({ phone: input.phone, page, sessionId: session.id, createdAt: now })
  const url = env().CALLTRACKING_URL
  if (url) {
    await enqueuePost(ctx.db, 'calltracking', url, {
      subject: t(ctx.locale, 'form.callbackSubject'),
      phoneNumber: formatPhone(input.phone),
      // An opaque reference, not the cookie: the stored id is already a hash of the token.
      sessionId: session.id.slice(0, 32),
      url: new URL(page || '/', ctx.origin).toString(),
    })
  }
  return accepted(ctx)
}

/** The stored fields with the options read at request time (`optionsFrom`) and labels in the caller's language. */
async function resolveFields(ctx: Ctx, fields: FormFieldDef[]) {
  const choices = fields.some((f) => f.optionsFrom === 'services') ? await serviceChoices(ctx) : []
  return fields.map((f) => {
    const field = { ...f, label: localizedText(f, 'label', ctx.locale) }
    if (f.optionsFrom !== 'services') return field
    return { ...field, options: choices.map((c) => c.value), optionLabels: choices.map((c) => c.label) }
  })
}

export async function formDefinition(ctx: Ctx, code: string): Promise<FormDefinition> {
  const [row] = await ctx.db.select().from(forms).where(eq(forms.code, code))
  if (!row) throw notFound('form.unknown')
  return {
    code: row.code,
    title: localizedText(row, 'title', ctx.locale),
    fields: await resolveFields(ctx, row.fields),
  }
}

/** Generic forms defined in the database (service booking, question, feedback). */
export async function submitForm(
  ctx: Ctx,
  input: { code: string; fields: Record<string, unknown>; page: string; calculation?: FormCalculation },
): Promise<FormResult> {
  const [row] = await ctx.db.select().from(forms).where(eq(forms.code, input.code))
  if (!row) throw notFound('form.unknown')
  const fields = await resolveFields(ctx, row.fields)
  const parsed = schemaForForm({ fields }).safeParse(input.fields, { error: errorMap(ctx.locale) })
  if (!parsed.success) {
    // Messages are already translated by the error map; keys pass through t() unchanged.
    throw new AppError(422, 'api.validation', {}, { errors: flattenErrors(parsed.error) })
  }
  // Counted once valid: a shopper correcting a typo is not held back.
  await countForm(ctx)
  const data = Object.fromEntries(
    Object.entries(parsed.data).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v),
    ]),
  )
  if (input.calculation) {
    // The calculator's choice, checked and priced here, is kept with the request — when it is for the
    // service chosen in the form (the visitor may have picked another one in the list).
    const choice = await describeServiceChoice(ctx, {
      id: Number(input.calculation.service),
      values: input.calculation.values ?? {},
    })
    const serviceField = fields.find((f) => f.optionsFrom === 'services')
    if (!serviceField || data[serviceField.name] === choice.title) {
      if (!serviceField) data.service = choice.title
      data.serviceOptions = choice.options
      data.servicePrice = String(choice.price)
    }
  }
  await ctx.db
    .insert(formSubmissions)
    .values({
      formCode: row.code,
      data,
      page: pageOf(ctx, input.page),
      sessionId: (await ctx.session.ensure()).id,
      createdAt: Date.now(),
    })
  return accepted(ctx)
}
