import type { shellEn } from './shell.en'
import type { FormKey } from './form.ru'

/** Texts of the site shell, in Russian: the same keys as `shell.en.ts`. */
export const shellRu = {
  'notFound.home': 'На главную',
  'notFound.missingRoute': 'Эта страница не найдена',
  'error.page': 'При показе страницы ошибки произошла ошибка',
  'error.heading': 'Страница не загрузилась',
  'error.text': 'Попробуйте обновить её чуть позже или перейдите на главную.',
  'cookie.text': 'Мы используем cookie, чтобы сайт работал лучше',
  'cookie.agree': 'Согласен',
  'city.question': 'Это ваш город?',
  'city.yes': 'Да',
  'city.no': 'Нет, выбрать другой',
  'city.current': 'Ваш город: {city}',
  'form.failed': 'Не удалось отправить заявку. Попробуйте ещё раз',
  'form.loadFailed': 'Не удалось проверить форму: нет связи. Проверьте интернет и попробуйте ещё раз',
  'number.decrease': 'Уменьшить',
  'number.increase': 'Увеличить',
  'range.from': 'От',
  'range.to': 'До',
  'header.home': 'Главная страница',
  'header.menu': 'Меню',
  'header.menuOpen': 'Открыть меню',
  'header.menuClose': 'Закрыть меню',
  'header.catalog': 'Каталог',
  'header.services': 'Услуги',
  'header.more': 'Ещё',
  'header.search': 'Поиск',
  'header.searchOpen': 'Открыть поиск',
  'header.searchClose': 'Закрыть поиск',
  'header.searchPlaceholder': 'Поиск по магазину',
  'header.searchSubmit': 'Найти',
  'header.favorites': 'Избранное',
  'header.cart': 'Корзина',
  'header.account': 'Личный кабинет',
  'header.login': 'Войти',
  'header.order': 'Заказать',
  'header.phones': 'Телефоны',
  'header.social': 'Социальные сети',
  'header.city': 'Город',
  'header.nav': 'Главное меню',
  'header.skip': 'Перейти к содержимому',
  'footer.nav': 'Навигация по сайту',
  'footer.contacts': 'Контакты',
  'footer.language': 'Язык',
  'callback.open': 'Заказать обратный звонок',
  'loader.label': 'Загрузка…',
  'image.error': 'Не удалось загрузить изображение',
  // Shown by the shell's personal parts (the hearts' labels) and on any page's Russian-only notice.
  'favorites.add': 'Добавить в избранное',
  'favorites.remove': 'Убрать из избранного',
  'duration.hours': 'ч',
  'duration.minutes': 'мин',
} satisfies Record<Exclude<keyof typeof shellEn, FormKey | RussianOnlyNote>, string>

/**
 * "Available in Russian only" is said only to English readers (a field without its English text):
 * a Russian page never shows it, so its Russian words stay out of every first load (ADR 011).
 */
type RussianOnlyNote = 'content.ruOnly'
