import { PASSWORD_MIN } from '../../../server/contracts/account/limits'
import '../../lib/messages/account'
import '../../lib/messages/api'

/**
 * The hint under a new-password field states the rule in the very words its errors use
 * (the spec's minLength / includeLetters / includeDigits messages), then the server-side
 * checks (common passwords, the shopper's own phone or e-mail) — one rule, one wording.
 */
export const passwordHint = (t: (key: string, params?: Record<string, string | number>) => string) =>
  [
    t('errors.minLength', { min: PASSWORD_MIN }),
    t('errors.includeLetters'),
    t('errors.includeDigits'),
    t('account.passwordHintMore'),
  ].join('. ')
