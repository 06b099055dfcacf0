/**
 * Texts of issue 17's catalog additions in English: filter chips and the price range label (the
 * search filters' texts are in `search.en.ts`, the product page's quantity and one-click purchase
 * in `product.en.ts`, the cart button's and price-per-100-ml texts in `cards.en.ts`).
 */
export const catalogMoreEn = {
  'chips.label': 'Active filters',
  'chips.remove': 'Remove filter: {label}',
  'chips.resetAll': 'Reset all',
  'chips.priceFrom': 'from {price}',
  'chips.priceTo': 'up to {price}',
  'chips.priceRange': '{from} – {to}',
}
