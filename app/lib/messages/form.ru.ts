import type { shellEn } from './shell.en'

/** The keys of `shell.en.ts` only a form shows (its button, its states, the phone field's label). */
export type FormKey = Extract<
  keyof typeof shellEn,
  'form.accepted' | 'form.contactSoon' | 'form.invalid' | 'form.send' | 'form.sending' | 'form.phone'
>

/**
 * The forms' own texts, in Russian: they come with the form code (FormBlock, the phone field), not
 * with every first load (ADR 037). `form.failed` and `form.loadFailed` stay in the shell: they are
 * shown when that code could not load, and by parts without a form.
 */
export const formRu = {
  'form.accepted': 'Ваша заявка принята',
  'form.contactSoon': 'Мы свяжемся с вами в ближайшее время',
  'form.invalid': 'Форма заполнена неверно',
  'form.send': 'Отправить',
  'form.sending': 'Отправляем…',
  'form.phone': 'Телефон',
} satisfies Record<FormKey, string>
