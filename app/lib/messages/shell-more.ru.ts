import type { shellMoreEn } from './shell-more.en'

/** Texts of the shell's parts that load on demand, in Russian: the same keys as `shell-more.en.ts`. */
export const shellMoreRu = {
  'city.select': 'Выберите ваш город',
  'city.search': 'Найти город',
  'city.empty': 'Город не найден',
  'confirm.yes': 'Да',
  'confirm.no': 'Отмена',
  'callback.title': 'Заказать обратный звонок',
  'callback.text': 'Оставьте номер телефона, и мы вам перезвоним',
  'callback.submit': 'Перезвоните мне',
  'dialog.close': 'Закрыть',
  'header.back': 'Назад',
  'notFound.oops': 'Упс…',
  'notFound.heading': 'Страница не найдена',
  'notFound.text': 'Возможно, её удалили или в адресе опечатка. Поищите на сайте или загляните в популярные разделы.',
  'notFound.search': 'Найти на сайте',
  'notFound.popular': 'Популярные разделы',
  'form.error': 'Ошибка',
} satisfies Record<keyof typeof shellMoreEn, string>
