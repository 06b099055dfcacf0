import type { Limit } from '../../auth/throttle'
import { SMS_RESEND_SECONDS } from '../../contracts/account'

// Limits (ASVS V2.2 / V6.3: anti-automation on every credential and code endpoint)

export const MINUTE = 60_000
export const LIMITS = {
  /** Wrong passwords per (login, client address): the guesser is stopped, not the owner (ADR 040). */
  loginPerLogin: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 100, windowMs: 15 * MINUTE },
  smsPerPhone: { max: 5, windowMs: 60 * MINUTE },
  smsPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Texts per /24 network (/48 for IPv6): one attacker's neighbouring addresses share it (ADR 040). */
  smsPerNetwork: { max: 40, windowMs: 60 * MINUTE },
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
   * Wrong codes (issue 25 §4, ADR 040): the guesser is throttled, never the owner. Per (phone,
   * client address) and per client address, a 429 for that address only. Per phone (or e-mail)
   * across every address, a count that locks nobody out: once it passes `max` in a day, a code
   * is void after its first wrong guess (not the 5th), so a guesser spread over many addresses
   * gets at most max + one guess per code the SMS limits let through (5 an hour per phone).
   */
  wrongCodesPerClient: { max: 10, windowMs: 60 * MINUTE },
  wrongCodesPerIp: { max: 30, windowMs: 60 * MINUTE },
  wrongCodesPerLogin: { max: 20, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>

export const MAX_ADDRESSES = 20
