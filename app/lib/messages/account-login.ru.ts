import type { accountEn } from './account.en'

/**
 * The sign-in page's own texts in Russian (tabs, social sign-in, links): all its first load carries.
 * The forms' texts (account.ru.ts) arrive with the forms' code (ADR 033).
 */
export const accountLoginRu = {
  'account.tabPassword': 'Пароль',
  'account.tabSms': 'Код из SMS',
  'account.tabs': 'Способ входа',
  'account.backToLogin': 'Вернуться ко входу',
  'account.noAccount': 'Ещё нет аккаунта?',
  'account.register': 'Зарегистрироваться',
  'account.orWith': 'или войдите через',
  'account.oauthFailed': 'Вход через соцсеть отклонён или устарел. Попробуйте ещё раз',
  'account.oauthAccountExists':
    'Аккаунт с этим E-mail или телефоном уже есть. Войдите в него и привяжите соцсеть в личном кабинете',
} satisfies Partial<Record<keyof typeof accountEn, string>>
