import { registerMessages, t, type Locale } from '../../contracts/i18n'

/** Labels of the catalog's filters, sorts and product properties (sent as text in the listing). */
registerMessages({
  ru: {
    'catalog.sort.popular': 'Популярные',
    'catalog.sort.price-asc': 'Сначала дешевле',
    'catalog.sort.price-desc': 'Сначала дороже',
    'catalog.sort.new': 'Новинки',
    'catalog.filter.price': 'Цена',
    'catalog.filter.in-stock': 'Наличие',
    'catalog.filter.in-stock.yes': 'В наличии',
    'catalog.filter.brand': 'Бренд',
    'catalog.filter.hair-type': 'Тип волос',
    'catalog.filter.purpose': 'Назначение',
    'catalog.filter.volume': 'Объём',
    'catalog.property.country': 'Страна',
    'catalog.property.section': 'Категория',
    'catalog.property.sku': 'Артикул',
    'catalog.volume': '{volume} мл',
  },
  en: {
    'catalog.sort.popular': 'Popular',
    'catalog.sort.price-asc': 'Price: low to high',
    'catalog.sort.price-desc': 'Price: high to low',
    'catalog.sort.new': 'New',
    'catalog.filter.price': 'Price',
    'catalog.filter.in-stock': 'Availability',
    'catalog.filter.in-stock.yes': 'In stock',
    'catalog.filter.brand': 'Brand',
    'catalog.filter.hair-type': 'Hair type',
    'catalog.filter.purpose': 'Purpose',
    'catalog.filter.volume': 'Volume',
    'catalog.property.country': 'Country',
    'catalog.property.section': 'Category',
    'catalog.property.sku': 'SKU',
    'catalog.volume': '{volume} ml',
  },
})

/** "250 мл" / "250 ml". */
export const volumeLabel = (locale: Locale, volume: number) => t(locale, 'catalog.volume', { volume })

export { t }
