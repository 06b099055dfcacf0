import type { SeedContact } from './types'
import { pickupPoints } from './commerce'

/**
 * A city record whose address is a salon's takes the salon's hours and address from its pickup
 * point (seed/data/commerce.ts): one source, so the footer and the checkout's pickup option agree.
 */
function salon(pickupPointId: number, postcode: string) {
  const point = pickupPoints.find((p) => p.id === pickupPointId)
  if (!point) throw new Error(`seed/contacts: no pickup point ${pickupPointId}`)
  return {
    pickupPointId,
    workhours: point.workhours.split(', '),
    workhoursEn: point.workhoursEn.split(', '),
    address: [`${postcode}, ${point.address}`],
    addressEn: [`${point.addressEn}, ${postcode}`],
  }
}

// id 1 is the common (federal) record; ids 2..13 are city records.
// Some city records repeat the common phone / e-mail / social links on purpose:
// the site must de-duplicate them when it merges a city record with the common one.
export const contacts: SeedContact[] = [
  {
    id: 1,
    cityId: null,
    common: true,
    phones: ['8 (800) 555-35-35'],
    emails: ['info@hair-shop.ru'],
    workhours: ['Ежедневно 8:00–22:00 (по московскому времени)'],
    workhoursEn: ['Daily 8:00–22:00 (Moscow time)'],
    address: ['119180, г. Москва, ул. Большая Полянка, д. 28, стр. 1'],
    addressEn: ['28 Bolshaya Polyanka St., bldg. 1, Moscow, 119180'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop' },
      { type: 'tg', link: 'https://t.me/hairshop' },
      { type: 'ok', link: 'https://ok.ru/hairshop' },
      { type: 'yt', link: 'https://www.youtube.com/@hairshop' },
      { type: 'yz', link: 'https://dzen.ru/hairshop' },
    ],
  },
  {
    id: 2,
    cityId: 1,
    common: false,
    phones: ['+7 (495) 128-46-70', '8 (800) 555-35-35'],
    emails: ['moscow@hair-shop.ru', 'info@hair-shop.ru'],
    ...salon(1, '119180'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop' },
      { type: 'tg', link: 'https://t.me/hairshop_msk' },
      { type: 'wa', link: 'https://wa.me/74951284670' },
      { type: 'pi', link: 'https://www.pinterest.com/hairshop/' },
    ],
  },
  {
    id: 3,
    cityId: 2,
    common: false,
    phones: ['+7 (812) 407-22-18', '+7 (812) 407-22-19'],
    emails: ['spb@hair-shop.ru'],
    ...salon(3, '191002'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_spb' },
      { type: 'tg', link: 'https://t.me/hairshop_spb' },
      { type: 'vb', link: 'viber://chat?number=%2B78124072218' },
      { type: 'dr', link: 'https://dribbble.com/hairshop' },
    ],
  },
  {
    id: 4,
    cityId: 3,
    common: false,
    phones: ['+7 (383) 209-31-45'],
    emails: ['nsk@hair-shop.ru'],
    ...salon(8, '630099'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_nsk' },
      { type: 'ok', link: 'https://ok.ru/hairshop_nsk' },
      { type: 'wa', link: 'https://wa.me/73832093145' },
    ],
  },
  {
    id: 5,
    cityId: 4,
    common: false,
    phones: ['+7 (343) 318-60-24', '+7 (343) 318-60-25'],
    emails: ['ekb@hair-shop.ru'],
    ...salon(6, '620014'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_ekb' },
      { type: 'tg', link: 'https://t.me/hairshop_ekb' },
      { type: 'yz', link: 'https://dzen.ru/hairshop' },
    ],
  },
  {
    id: 6,
    cityId: 5,
    common: false,
    phones: ['+7 (843) 211-57-09'],
    emails: ['kazan@hair-shop.ru', 'info@hair-shop.ru'],
    ...salon(5, '420111'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_kzn' },
      { type: 'tg', link: 'https://t.me/hairshop' },
      { type: 'wa', link: 'https://wa.me/78432115709' },
      { type: 'vb', link: 'viber://chat?number=%2B78432115709' },
    ],
  },
  {
    id: 7,
    cityId: 6,
    common: false,
    phones: ['+7 (831) 282-40-63'],
    emails: ['nn@hair-shop.ru'],
    workhours: ['Пн–Пт 10:00–20:00', 'Сб–Вс 10:00–18:00'],
    workhoursEn: ['Mon–Fri 10:00–20:00', 'Sat–Sun 10:00–18:00'],
    address: ['603005, г. Нижний Новгород, ул. Большая Покровская, д. 32'],
    addressEn: ['32 Bolshaya Pokrovskaya St., Nizhny Novgorod, 603005'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_nn' },
      { type: 'ok', link: 'https://ok.ru/hairshop' },
      { type: 'pi', link: 'https://www.pinterest.com/hairshop/' },
    ],
  },
  {
    id: 8,
    cityId: 7,
    common: false,
    phones: ['+7 (351) 225-14-38', '+7 (351) 225-14-39'],
    emails: ['chel@hair-shop.ru'],
    workhours: ['Пн–Пт 10:00–20:00', 'Сб 10:00–17:00', 'Вс — выходной'],
    workhoursEn: ['Mon–Fri 10:00–20:00', 'Sat 10:00–17:00', 'Sun closed'],
    address: ['454091, г. Челябинск, ул. Кирова, д. 110'],
    addressEn: ['110 Kirova St., Chelyabinsk, 454091'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_chel' },
      { type: 'tg', link: 'https://t.me/hairshop_chel' },
    ],
  },
  {
    id: 9,
    cityId: 8,
    common: false,
    phones: ['+7 (846) 270-93-12'],
    emails: ['samara@hair-shop.ru'],
    workhours: ['Пн–Сб 10:00–20:00', 'Вс 11:00–18:00'],
    workhoursEn: ['Mon–Sat 10:00–20:00', 'Sun 11:00–18:00'],
    address: ['443099, г. Самара, ул. Ленинградская, д. 48'],
    addressEn: ['48 Leningradskaya St., Samara, 443099'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_samara' },
      { type: 'wa', link: 'https://wa.me/78462709312' },
      { type: 'yt', link: 'https://www.youtube.com/@hairshop' },
    ],
  },
  {
    id: 10,
    cityId: 10,
    common: false,
    phones: ['+7 (863) 303-48-71', '+7 (863) 303-48-72'],
    emails: ['rostov@hair-shop.ru'],
    ...salon(9, '344002'),
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_rnd' },
      { type: 'tg', link: 'https://t.me/hairshop_rnd' },
      { type: 'vb', link: 'viber://chat?number=%2B78633034871' },
    ],
  },
  {
    id: 11,
    cityId: 11,
    common: false,
    phones: ['+7 (347) 246-85-30'],
    emails: ['ufa@hair-shop.ru'],
    workhours: ['Пн–Пт 10:00–20:00', 'Сб–Вс 10:00–18:00'],
    workhoursEn: ['Mon–Fri 10:00–20:00', 'Sat–Sun 10:00–18:00'],
    address: ['450077, г. Уфа, ул. Ленина, д. 28'],
    addressEn: ['28 Lenina St., Ufa, 450077'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_ufa' },
      { type: 'ok', link: 'https://ok.ru/hairshop_ufa' },
    ],
  },
  {
    id: 12,
    cityId: 12,
    common: false,
    phones: ['+7 (391) 219-02-66'],
    emails: ['krsk@hair-shop.ru'],
    workhours: ['Пн–Сб 10:00–20:00', 'Вс — выходной'],
    workhoursEn: ['Mon–Sat 10:00–20:00', 'Sun closed'],
    address: ['660049, г. Красноярск, проспект Мира, д. 45'],
    addressEn: ['45 Prospekt Mira, Krasnoyarsk, 660049'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop_krsk' },
      { type: 'tg', link: 'https://t.me/hairshop_krsk' },
      { type: 'wa', link: 'https://wa.me/73912190266' },
    ],
  },
  {
    id: 13,
    cityId: 14,
    common: false,
    phones: ['+7 (342) 254-18-90', '8 (800) 555-35-35'],
    emails: ['perm@hair-shop.ru', 'info@hair-shop.ru'],
    workhours: ['Пн–Пт 10:00–20:00', 'Сб 10:00–18:00', 'Вс 11:00–17:00'],
    workhoursEn: ['Mon–Fri 10:00–20:00', 'Sat 10:00–18:00', 'Sun 11:00–17:00'],
    address: ['614000, г. Пермь, ул. Ленина, д. 45'],
    addressEn: ['45 Lenina St., Perm, 614000'],
    social: [
      { type: 'vk', link: 'https://vk.com/hairshop' },
      { type: 'tg', link: 'https://t.me/hairshop' },
      { type: 'yz', link: 'https://dzen.ru/hairshop' },
    ],
  },
]
