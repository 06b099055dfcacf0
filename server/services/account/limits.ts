import type { Limit } from '../../auth/throttle'
import { SMS_RESEND_SECONDS } from '../../contracts/account'

// Limits (ASVS V2.2 / V6.3: anti-automation on every credential and code endpoint)

export const MINUTE = 60_000
export const LIMITS = {
  loginPerLogin: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 100, windowMs: 15 * MINUTE },
  smsPerPhone: { max: 5, windowMs: 60 * MINUTE },
  smsPerIp: { max: 20, windowMs: 60 * MINUTE },
  codePerIp: { max: 30, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  checkPerIp: { max: 60, windowMs: MINUTE },
  /** Restore requests per typed login, whether or not an account has it: one per 60 s, 5 an hour. */
  restoreWaitPerLogin: { max: 1, windowMs: SMS_RESEND_SECONDS * 1000 },
  restorePerLogin: { max: 5, windowMs: 60 * MINUTE },
  /** E-mail codes (profile e-mail change): per address and per client address. */
  mailPerAddress: { max: 5, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 60 * MINUTE },
  /**
   * Wrong codes per phone (or e-mail), across every code sent there, whatever the purpose:
   * 20 a day. A code has 4 digits (10,000 values) and each wrong guess rules out one, so the
   * chance that guessing gets into one phone's account within a day is at most
   * 20 / (10,000 − 19) ≈ 0.2 % (< 0.5 %, issue 12). Once spent, every code check for that phone
   * answers 429 until the window ends, even a right code.
   */
  wrongCodesPerLogin: { max: 20, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>

export const MAX_ADDRESSES = 20
