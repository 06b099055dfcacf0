import { z } from 'zod'
import { authedProcedure, createTRPCRouter, publicProcedure } from '../init'
import * as account from '../../services/account'
import * as suggest from '../../services/suggest'
import { socialProviders } from '../../services/oauth'
import {
  AccountUpdateInput,
  ContactCodeInput,
  AddressDeleteInput,
  AddressInput,
  AddressUpdateInput,
  LoginCodeInput,
  LoginInput,
  RegistrationInput,
  RestoreInput,
  SmsInput,
  SuggestInput,
  UserCheckInput,
} from '../../contracts/account'

/** Accounts over tRPC: the same services as the REST routes of contract §5, §6 and §9. */
export const userRouter = createTRPCRouter({
  info: publicProcedure.query(({ ctx }) => account.userInfo(ctx)),
  check: publicProcedure.input(UserCheckInput).mutation(({ ctx, input }) => account.userCheck(ctx, input)),
  register: publicProcedure.input(RegistrationInput).mutation(({ ctx, input }) => account.register(ctx, input)),
  login: publicProcedure.input(LoginInput).mutation(({ ctx, input }) => account.login(ctx, input)),
  sms: publicProcedure.input(SmsInput).mutation(({ ctx, input }) => account.sendLoginSms(ctx, input)),
  loginCode: publicProcedure.input(LoginCodeInput).mutation(({ ctx, input }) => account.loginWithCode(ctx, input)),
  restore: publicProcedure.input(RestoreInput).mutation(({ ctx, input }) => account.restorePassword(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => account.logout(ctx)),
  update: authedProcedure.input(AccountUpdateInput).mutation(({ ctx, input }) => account.updateAccount(ctx, input)),
  contactCode: authedProcedure
    .input(ContactCodeInput)
    .mutation(({ ctx, input }) => account.sendContactCode(ctx, input)),
  addresses: authedProcedure.query(({ ctx }) => account.listAddresses(ctx)),
  addAddress: authedProcedure.input(AddressInput).mutation(({ ctx, input }) => account.addAddress(ctx, input)),
  updateAddress: authedProcedure
    .input(AddressUpdateInput)
    .mutation(({ ctx, input }) => account.updateAddress(ctx, input)),
  deleteAddress: authedProcedure
    .input(AddressDeleteInput)
    .mutation(({ ctx, input }) => account.deleteAddress(ctx, input)),
  suggestAddress: publicProcedure
    .input(SuggestInput)
    .query(({ ctx, input }) => suggest.suggestAddress(ctx, input.query)),
  suggestName: publicProcedure.input(SuggestInput).query(({ ctx, input }) => suggest.suggestName(ctx, input.query)),
  suggestCity: publicProcedure.input(SuggestInput).query(({ ctx, input }) => suggest.suggestCity(ctx, input.query)),
  suggestBank: publicProcedure.input(SuggestInput).query(({ ctx, input }) => suggest.suggestBank(ctx, input.query)),
  socialProviders: publicProcedure
    .input(z.object({ back: z.string().max(500).optional() }).optional())
    .query(({ ctx, input }) => socialProviders(ctx, input?.back)),
})
