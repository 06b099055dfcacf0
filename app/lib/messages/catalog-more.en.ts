/**
 * Texts of issue 17's catalog additions in English: filter chips, the price range label, search
 * filters (the product page's quantity and one-click purchase are in `product.en.ts`, the cart
 * button's and price-per-100-ml texts in `cards.en.ts`).
 */
export const catalogMoreEn = {
  'chips.label': 'Active filters',
  'chips.remove': 'Remove filter: {label}',
  'chips.resetAll': 'Reset all',
  'chips.priceFrom': 'from {price}',
  'chips.priceTo': 'up to {price}',
  'chips.priceRange': '{from} – {to}',
  'search.relevance': 'Relevance',
  'search.filters': 'Filter the results',
}
