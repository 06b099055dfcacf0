import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { callbackRequests, forms, formSubmissions } from '../../db/schema'
import { env } from '../env'
import { t } from '../contracts/i18n'
import { AppError, notFound } from '../errors'
import { errorMap, flattenErrors, formatPhone } from '../contracts/common'
import { schemaForForm, type FormDefinition, type FormResult } from '../contracts/forms'
import { enqueuePost } from './outbound'

function accepted(ctx: Ctx): FormResult {
  return { success: true, message: `${t(ctx.locale, 'form.accepted')}. ${t(ctx.locale, 'form.contactSoon')}` }
}

/** Callback request (spec §7): stored, then posted to call tracking from the durable queue. */
export function submitCallback(ctx: Ctx, input: { phone: string; page: string }): FormResult {
  const session = ctx.session.ensure()
  const now = Date.now()
  ctx.db
    .insert(callbackRequests)
    .values({ phone: input.phone, page: input.page, sessionId: session.id, createdAt: now })
    .run()
  const url = env().CALLTRACKING_URL
  if (url) {
    enqueuePost(ctx.db, 'calltracking', url, {
      subject: ctx.locale === 'en' ? 'Callback request' : 'Заказ обратного звонка',
      phoneNumber: formatPhone(input.phone),
      // An opaque reference, not the cookie: the stored id is already a hash of the token.
      sessionId: session.id.slice(0, 32),
      url: new URL(input.page || '/', ctx.origin).toString(),
    })
  }
  return accepted(ctx)
}

export function formDefinition(ctx: Ctx, code: string): FormDefinition {
  const row = ctx.db.select().from(forms).where(eq(forms.code, code)).get()
  if (!row) throw notFound('form.unknown')
  const en = ctx.locale === 'en'
  return {
    code: row.code,
    title: en ? row.titleEn : row.title,
    fields: row.fields.map((f) => ({ ...f, label: en ? f.labelEn : f.label })),
  }
}

/** Generic forms defined in the database (service booking, question, feedback). */
export function submitForm(
  ctx: Ctx,
  input: { code: string; fields: Record<string, unknown>; page: string },
): FormResult {
  const row = ctx.db.select().from(forms).where(eq(forms.code, input.code)).get()
  if (!row) throw notFound('form.unknown')
  const parsed = schemaForForm(row).safeParse(input.fields, { error: errorMap(ctx.locale) })
  if (!parsed.success) {
    // Messages are already translated by the error map; keys pass through t() unchanged.
    throw new AppError(422, 'api.validation', {}, { errors: flattenErrors(parsed.error) })
  }
  const data = Object.fromEntries(
    Object.entries(parsed.data).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v),
    ]),
  )
  ctx.db
    .insert(formSubmissions)
    .values({ formCode: row.code, data, page: input.page, sessionId: ctx.session.ensure().id, createdAt: Date.now() })
    .run()
  return accepted(ctx)
}
