import { z } from 'zod'
import { defineRoute } from '../registry'
import { CallbackInput, FormResult, pageField } from '../../contracts/forms'
import { formDefinition, submitCallback, submitForm } from '../../services/forms'

const tags = ['forms']

export const formRoutes = [
  defineRoute({
    method: 'POST',
    path: '/form-callback/',
    summary: 'Callback request: stored, then sent to call tracking (when configured) from a durable queue',
    tags,
    input: CallbackInput,
    output: FormResult,
    errors: [422],
    handler: (input, ctx) => submitCallback(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/form/{code}/',
    summary: 'Definition of a generic form (fields and rules)',
    tags,
    input: z.object({}).passthrough(),
    output: z.object({ code: z.string(), title: z.string(), fields: z.array(z.record(z.string(), z.unknown())) }),
    errors: [404],
    handler: (_input, ctx, params) => formDefinition(ctx, params.code ?? ''),
  }),
  defineRoute({
    method: 'POST',
    path: '/form/{code}/',
    summary: 'Submit a generic form defined in the database; the body carries its fields and a hidden `page`',
    tags,
    input: z.object({ page: pageField() }).catchall(z.unknown()),
    output: FormResult,
    errors: [404, 422],
    handler: (input, ctx, params) => {
      const { page, ...fields } = input
      return submitForm(ctx, { code: params.code ?? '', fields, page })
    },
  }),
]
