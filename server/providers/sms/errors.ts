import { registerMessages } from '../../contracts/i18n'

/**
 * Why a text was not sent, as the shopper and the operator need to know it:
 * - `number`: this number cannot get texts (malformed, no route, stop-list, abroad);
 * - `limit`: too many texts to this number (or from this address) for now — try later;
 * - `account`: the shop's gateway account cannot send (wrong api_id, no money, daily limit,
 *   sender name, a request the gateway refuses) — the operator must act, the log says why;
 * - `unavailable`: the gateway is down, answered 5xx or garbage, or did not answer in time.
 */
export type SmsFailure = 'number' | 'limit' | 'account' | 'unavailable'

/** Shopper-facing message keys, one per failure (Russian and English below). */
export const SMS_FAILURE_MESSAGE: Record<SmsFailure, string> = {
  number: 'sms.failed.number',
  limit: 'sms.failed.limit',
  account: 'sms.failed.unavailable',
  unavailable: 'sms.failed.unavailable',
}

/**
 * A refused or failed send. The caller shows `messageKey` to the shopper and does not start
 * the resend wait (nothing arrived). `maybeSent` is true only when the gateway may have taken
 * the text without us seeing its answer (a timeout or a broken answer after the request went
 * out): a new code then simply replaces it. The message never holds the text or the full phone.
 */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError'
  constructor(
    readonly reason: SmsFailure,
    /** The gateway's own status code, when it gave one (SMS.ru: 200–233, 300–305, 500–550). */
    readonly gatewayCode: number | null,
    detail: string,
    readonly maybeSent = false,
  ) {
    super(detail)
  }

  get messageKey(): string {
    return SMS_FAILURE_MESSAGE[this.reason]
  }
}

registerMessages({
  en: {
    'sms.failed.number': 'We cannot send a text to this number. Check the number or sign in another way',
    'sms.failed.limit': 'Too many texts to this number. Try again later',
    'sms.failed.unavailable': 'The text could not be sent right now. Try again in a few minutes',
    'sms.notMobile': 'Texts go to Russian mobile numbers only (+7 9…). Enter a mobile number',
    'sms.budgetSpent': 'Texts cannot be sent right now. Try again later or call us',
  },
  ru: {
    'sms.failed.number': 'На этот номер не удаётся отправить SMS. Проверьте номер или войдите другим способом',
    'sms.failed.limit': 'Слишком много SMS на этот номер. Попробуйте позже',
    'sms.failed.unavailable': 'Не удалось отправить SMS. Попробуйте через несколько минут',
    'sms.notMobile': 'SMS отправляются только на российские мобильные номера (+7 9…). Укажите мобильный номер',
    'sms.budgetSpent': 'Сейчас не получается отправить SMS. Попробуйте позже или позвоните нам',
  },
})
