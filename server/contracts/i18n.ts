/**
 * Messages shared by the server (API answers) and the client (form errors).
 * The `en` texts are the spec's strings word for word; `ru` are their translations.
 * Isomorphic: imports nothing from the server. The browser loads this module only with the code
 * that shows one of its messages (app/lib/messages/api.ts); the shell's locale helpers are in
 * `locale.ts`, re-exported here.
 */
import type { Locale } from './locale'

export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, pickLocale, type Locale } from './locale'

const en = {
  'errors.default': 'Invalid data',
  'errors.required': 'Required field',
  'errors.email': 'Invalid E-mail',
  'errors.minLength': 'Minimum length: {min}',
  'errors.maxLength': 'Maximum length: {max}',
  'errors.includeLetters': 'Value must includes at least one letter',
  'errors.includeDigits': 'Value must includes at least one digit',
  'errors.phone': 'Enter the full phone number',
  'errors.bic': 'BIC must start with 04',
  'errors.currentAccount': 'Current account must start with 40',
  'errors.currentAccountKey': 'Current account does not match the BIC',
  'errors.correspondentAccount': 'Correspondent account must start with 30101',
  'errors.taxId': 'Invalid taxpayer number (INN)',
  'errors.min': 'Minimum value: {min}',
  'errors.max': 'Maximum value: {max}',
  'errors.integer': 'Enter a whole number',
  'errors.choice': 'Choose one of the options',
  'errors.pastDate': 'The date cannot be in the past',
  'api.notFound': 'Not found',
  'api.routeNotFound': 'Unknown API route',
  'api.methodNotAllowed': 'Method not allowed',
  'api.payloadTooLarge': 'Request body is larger than 1 MiB',
  'api.unsupportedMediaType': 'Unsupported content type',
  'api.badBody': 'The request body could not be read',
  'api.validation': 'Form completed incorrectly',
  'api.forbiddenOrigin': 'Cross-site request refused',
  'api.unauthorized': 'Please sign in',
  'api.forbidden': 'Forbidden',
  'api.internal': 'Something went wrong on our side. Please try again',
  'api.tooManyRequests': 'Too many requests. Try again in {seconds} s',
  'api.tooManyEntries': 'No more than {max} requests in one batch',
  'api.duplicateKey': 'Duplicate key: {key}',
  'api.nestedComposite': 'A batch cannot contain another batch',
  'city.saved': 'City saved',
  'city.unknown': 'Unknown city',
  'city.coordinates': 'Coordinates are out of range',
  'form.accepted': 'Your application is accepted',
  'form.contactSoon': 'We will contact you shortly',
  'form.unknown': 'Unknown form',
} as const

export type MessageKey = keyof typeof en

const ru: Record<MessageKey, string> = {
  'errors.default': 'Неверные данные',
  'errors.required': 'Обязательное поле',
  'errors.email': 'Неверный E-mail',
  'errors.minLength': 'Минимальная длина: {min}',
  'errors.maxLength': 'Максимальная длина: {max}',
  'errors.includeLetters': 'Значение должно содержать хотя бы одну букву',
  'errors.includeDigits': 'Значение должно содержать хотя бы одну цифру',
  'errors.phone': 'Введите номер телефона полностью',
  'errors.bic': 'БИК должен начинаться с 04',
  'errors.currentAccount': 'Расчётный счёт должен начинаться с 40',
  'errors.currentAccountKey': 'Расчётный счёт не соответствует БИК',
  'errors.correspondentAccount': 'Корреспондентский счёт должен начинаться с 30101',
  'errors.taxId': 'Неверный ИНН',
  'errors.min': 'Минимальное значение: {min}',
  'errors.max': 'Максимальное значение: {max}',
  'errors.integer': 'Введите целое число',
  'errors.choice': 'Выберите один из вариантов',
  'errors.pastDate': 'Дата не может быть в прошлом',
  'api.notFound': 'Не найдено',
  'api.routeNotFound': 'Неизвестный адрес API',
  'api.methodNotAllowed': 'Метод не поддерживается',
  'api.payloadTooLarge': 'Тело запроса больше 1 МиБ',
  'api.unsupportedMediaType': 'Неподдерживаемый тип содержимого',
  'api.badBody': 'Не удалось прочитать тело запроса',
  'api.validation': 'Форма заполнена неверно',
  'api.forbiddenOrigin': 'Запрос с другого сайта отклонён',
  'api.unauthorized': 'Войдите в личный кабинет',
  'api.forbidden': 'Доступ запрещён',
  'api.internal': 'Что-то пошло не так. Попробуйте ещё раз',
  'api.tooManyRequests': 'Слишком много запросов. Повторите через {seconds} с',
  'api.tooManyEntries': 'Не больше {max} запросов в одном пакете',
  'api.duplicateKey': 'Повторяющийся ключ: {key}',
  'api.nestedComposite': 'Пакет не может содержать другой пакет',
  'city.saved': 'Город сохранён',
  'city.unknown': 'Неизвестный город',
  'city.coordinates': 'Координаты вне допустимого диапазона',
  'form.accepted': 'Ваша заявка принята',
  'form.contactSoon': 'Мы свяжемся с вами в ближайшее время',
  'form.unknown': 'Неизвестная форма',
}

const dictionaries: Record<Locale, Record<string, string>> = { en, ru }

/** Domain modules add their own messages (same keys in both locales). */
export function registerMessages(add: Record<Locale, Record<string, string>>) {
  Object.assign(dictionaries.en, add.en)
  Object.assign(dictionaries.ru, add.ru)
}

/** The registered keys whose name matches `pattern`, with their texts in `locale` (for reading stored texts back). */
export function messagesMatching(locale: Locale, pattern: RegExp): [key: string, text: string][] {
  return Object.entries(dictionaries[locale]).filter(([key]) => pattern.test(key))
}

export function t(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const template = dictionaries[locale][key] ?? dictionaries.en[key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
}
