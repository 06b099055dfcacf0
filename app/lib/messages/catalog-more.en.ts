/**
 * Texts of issue 17's catalog additions in English: filter chips, the price range label, the
 * product page's quantity stepper and one-click purchase, search filters (the cart button's and
 * price-per-100-ml texts are in `cards.en.ts`).
 */
export const catalogMoreEn = {
  'chips.label': 'Active filters',
  'chips.remove': 'Remove filter: {label}',
  'chips.resetAll': 'Reset all',
  'chips.priceFrom': 'from {price}',
  'chips.priceTo': 'up to {price}',
  'chips.priceRange': '{from} – {to}',
  'cart.quantity': 'Quantity',
  'fastBuy.button': 'Buy in one click',
  'search.relevance': 'Relevance',
  'search.filters': 'Filter the results',
}
