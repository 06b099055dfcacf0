import { registerMessages } from '../i18n'

/** Titles, breadcrumbs and descriptions of the pages the resolvers word themselves (meta is text by the contract). */
registerMessages({
  en: {
    'page.home': 'Home',
    'page.notFound': 'Page not found',
    'page.blog': 'Blog',
    'page.blogPage': 'Blog — page {page}',
    'page.blogDescription':
      'Articles on professional hair care: choosing a shampoo, keeping colour, protecting hair from heat and cold.',
    'page.faq': 'Frequently asked questions',
    'page.faqDescription':
      'Answers to common questions about orders, delivery, payment, returns and booking salon services.',
    'page.catalog': 'Catalog',
    'page.catalogDescription': 'Professional hair care: shampoos, masks, oils, styling and colouring',
    'page.search': 'Search',
    'page.favorites': 'Favorites',
    'page.services': 'Services',
    'page.servicesTitle': 'Salon services',
    'page.servicesDescription':
      'Haircuts, colouring, care, styling, keratin straightening and extensions. Work out the price online and book a visit.',
    'page.cart': 'Cart',
    'page.checkout': 'Checkout',
    'page.checkoutOffline': 'Order with payment on delivery',
    'page.orders': 'My orders',
    'page.bookings': 'My bookings',
    'page.booking': 'Your visit',
    'page.order': 'Order {number}',
    'page.invoice': 'Invoice',
    'page.invoiceOf': 'Invoice {number}',
    'page.login': 'Sign in',
    'page.registration': 'Registration',
    'page.personal': 'Personal account',
    'page.addresses': 'My addresses',
  },
  ru: {
    'page.home': 'Главная',
    'page.notFound': 'Страница не найдена',
    'page.blog': 'Блог',
    'page.blogPage': 'Блог — страница {page}',
    'page.blogDescription':
      'Статьи о профессиональном уходе за волосами: как выбрать шампунь, сохранить цвет, защитить волосы от жары и холода.',
    'page.faq': 'Вопросы и ответы',
    'page.faqDescription':
      'Ответы на частые вопросы о заказе, доставке, оплате, возврате товаров и записи на услуги салонов.',
    'page.catalog': 'Каталог',
    'page.catalogDescription': 'Профессиональная косметика для волос: шампуни, маски, масла, укладка и окрашивание',
    'page.search': 'Поиск',
    'page.favorites': 'Избранное',
    'page.services': 'Услуги',
    'page.servicesTitle': 'Услуги салонов',
    'page.servicesDescription':
      'Стрижки, окрашивание, уход, укладки, кератиновое выпрямление и наращивание волос. Рассчитайте стоимость онлайн и запишитесь в салон.',
    'page.cart': 'Корзина',
    'page.checkout': 'Оформление заказа',
    'page.checkoutOffline': 'Заказ с оплатой при получении',
    'page.orders': 'Мои заказы',
    'page.bookings': 'Мои записи',
    'page.booking': 'Ваша запись',
    'page.order': 'Заказ {number}',
    'page.invoice': 'Счёт на оплату',
    'page.invoiceOf': 'Счёт на оплату {number}',
    'page.login': 'Вход',
    'page.registration': 'Регистрация',
    'page.personal': 'Личный кабинет',
    'page.addresses': 'Мои адреса',
  },
})
