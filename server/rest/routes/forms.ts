import { z } from 'zod'
import { defineRoute } from '../registry'
import { CallbackInput, FormCalculation, FormResult, pageField } from '../../contracts/forms'
import { formDefinition, submitCallback, submitForm } from '../../services/forms'

const tags = ['forms']

export const formRoutes = [
  defineRoute({
    method: 'POST',
    path: '/form-callback/',
    summary:
      'Callback request: stored, then sent to call tracking (when configured) from a durable queue; `page` is kept as a path of this site (anything else as `/`); more than 10 forms from one address in 10 minutes is 429 with `timeout`',
    tags,
    input: CallbackInput,
    output: FormResult,
    errors: [422, 429],
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
    summary:
      "Submit a generic form defined in the database; the body carries its fields, a hidden `page` and, for a booking, the optional `calculation` (`calculation[service]`, `calculation[values][…]`: the calculator's choice, priced and stored with the request); counted with the callback form per address (429)",
    tags,
    input: z.object({ page: pageField(), calculation: FormCalculation.optional() }).catchall(z.unknown()),
    output: FormResult,
    errors: [404, 422, 429],
    handler: (input, ctx, params) => {
      const { page, calculation, ...fields } = input
      return submitForm(ctx, { code: params.code ?? '', fields, page, calculation })
    },
  }),
]
