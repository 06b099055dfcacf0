import type { SeedNavItem } from './types'
import { blogTagsEn } from './blog-en'
import { shopRequisites } from './pages'

export const siteOptions = {
  title: 'Волосы и уход',
  titleEn: 'Hair & Care',
  copyright: '© 2026 «Волосы и уход»',
  copyrightEn: '© 2026 Hair & Care',
  privacy: {
    link: '/privacy/',
    label: 'Политика конфиденциальности',
    labelEn: 'Privacy policy',
  },
  description:
    'Интернет-магазин профессиональной косметики для волос и сеть салонов красоты: шампуни, маски, масла и средства для укладки от Kérastase, Redken, Davines, Olaplex, Estel и других брендов, запись на стрижку, окрашивание и уходовые процедуры.',
  descriptionEn:
    'Online store of professional hair care and a chain of beauty salons: shampoos, masks, oils and styling products from Kérastase, Redken, Davines, Olaplex, Estel and other brands, plus booking for haircuts, colouring and care treatments.',
  /** English names of the blog's tags (the posts store them in Russian). */
  blogTagsEn,
  /** The seller on invoices (server/services/seller-requisites.ts); the requisites page shows the same values. */
  requisites: shopRequisites,
}

export const navHeader: SeedNavItem[] = [
  {
    id: 1,
    label: 'Каталог',
    labelEn: 'Catalog',
    link: '/catalog/',
    items: [
      { id: 2, label: 'Шампуни', labelEn: 'Shampoos', link: '/catalog/shampoo/' },
      { id: 3, label: 'Кондиционеры и бальзамы', labelEn: 'Conditioners', link: '/catalog/conditioner/' },
      { id: 4, label: 'Маски', labelEn: 'Masks', link: '/catalog/masks/' },
      { id: 5, label: 'Масла и эликсиры', labelEn: 'Oils', link: '/catalog/oils/' },
      { id: 6, label: 'Укладка', labelEn: 'Styling', link: '/catalog/styling/' },
      { id: 7, label: 'Окрашивание', labelEn: 'Coloring', link: '/catalog/coloring/' },
      { id: 8, label: 'Лечение и сыворотки', labelEn: 'Treatments', link: '/catalog/treatment/' },
      { id: 9, label: 'Аксессуары', labelEn: 'Accessories', link: '/catalog/accessories/' },
    ],
  },
  {
    id: 10,
    label: 'Услуги',
    labelEn: 'Services',
    link: '/services/',
    items: [
      { id: 11, label: 'Стрижки', labelEn: 'Haircuts', link: '/services/haircuts/' },
      { id: 12, label: 'Окрашивание', labelEn: 'Coloring', link: '/services/coloring/' },
      { id: 13, label: 'Уход', labelEn: 'Care', link: '/services/care/' },
      { id: 14, label: 'Укладки и причёски', labelEn: 'Styling', link: '/services/styling/' },
      { id: 15, label: 'Восстановление и выпрямление', labelEn: 'Treatments', link: '/services/treatment/' },
      { id: 16, label: 'Наращивание', labelEn: 'Extensions', link: '/services/extensions/' },
    ],
  },
  { id: 17, label: 'Блог', labelEn: 'Blog', link: '/blog/' },
  { id: 18, label: 'Вопросы и ответы', labelEn: 'FAQ', link: '/faq/' },
  { id: 19, label: 'О магазине', labelEn: 'About', link: '/about/' },
  { id: 20, label: 'Доставка', labelEn: 'Delivery', link: '/delivery/' },
  { id: 21, label: 'Оплата', labelEn: 'Payment', link: '/payment/' },
]

export const navFooter: SeedNavItem[] = [
  {
    id: 1,
    label: 'Покупателям',
    labelEn: 'Customers',
    link: '/delivery/',
    items: [
      { id: 2, label: 'Доставка', labelEn: 'Delivery', link: '/delivery/' },
      { id: 3, label: 'Оплата', labelEn: 'Payment', link: '/payment/' },
      { id: 4, label: 'Вопросы и ответы', labelEn: 'FAQ', link: '/faq/' },
      { id: 5, label: 'Политика конфиденциальности', labelEn: 'Privacy policy', link: '/privacy/' },
    ],
  },
  {
    id: 6,
    label: 'Каталог',
    labelEn: 'Catalog',
    link: '/catalog/',
    items: [
      { id: 7, label: 'Шампуни', labelEn: 'Shampoos', link: '/catalog/shampoo/' },
      { id: 8, label: 'Маски', labelEn: 'Masks', link: '/catalog/masks/' },
      { id: 9, label: 'Масла и эликсиры', labelEn: 'Oils', link: '/catalog/oils/' },
      { id: 10, label: 'Укладка', labelEn: 'Styling', link: '/catalog/styling/' },
      { id: 11, label: 'Окрашивание', labelEn: 'Coloring', link: '/catalog/coloring/' },
      { id: 12, label: 'Все товары', labelEn: 'All products', link: '/catalog/' },
    ],
  },
  {
    id: 13,
    label: 'Услуги',
    labelEn: 'Services',
    link: '/services/',
    items: [
      { id: 14, label: 'Стрижки', labelEn: 'Haircuts', link: '/services/haircuts/' },
      { id: 15, label: 'Окрашивание', labelEn: 'Coloring', link: '/services/coloring/' },
      { id: 16, label: 'Уход', labelEn: 'Care', link: '/services/care/' },
      { id: 17, label: 'Наращивание', labelEn: 'Extensions', link: '/services/extensions/' },
      { id: 18, label: 'Все услуги', labelEn: 'All services', link: '/services/' },
    ],
  },
  {
    id: 19,
    label: 'Компания',
    labelEn: 'Company',
    link: '/about/',
    items: [
      { id: 20, label: 'О магазине', labelEn: 'About', link: '/about/' },
      { id: 21, label: 'Блог', labelEn: 'Blog', link: '/blog/' },
      { id: 22, label: 'Реквизиты', labelEn: 'Company details', link: '/requisites/' },
      { id: 23, label: 'Акции и промокоды', labelEn: 'Offers and promo codes', link: '/promo/' },
    ],
  },
]
