import { createTRPCRouter, publicProcedure } from '../init'
import { CallbackInput, FormCodeInput, FormSubmitInput } from '../../contracts/forms'
import { formDefinition, submitCallback, submitForm } from '../../services/forms'

export const formsRouter = createTRPCRouter({
  callback: publicProcedure.input(CallbackInput).mutation(({ ctx, input }) => submitCallback(ctx, input)),
  definition: publicProcedure.input(FormCodeInput).query(({ ctx, input }) => formDefinition(ctx, input.code)),
  submit: publicProcedure.input(FormSubmitInput).mutation(({ ctx, input }) => submitForm(ctx, input)),
})
