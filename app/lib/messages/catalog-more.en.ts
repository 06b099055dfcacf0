/**
 * Texts of issue 17's catalog additions in English: filter chips, the price range label, the
 * product page's quantity stepper and cart confirmation, price per 100 ml, search filters.
 */
export const catalogMoreEn = {
  'chips.label': 'Active filters',
  'chips.remove': 'Remove filter: {label}',
  'chips.resetAll': 'Reset all',
  'chips.priceFrom': 'from {price}',
  'chips.priceTo': 'up to {price}',
  'chips.priceRange': '{from} – {to}',
  'cart.inCartGo': 'In cart — go to cart',
  'cart.addedNote': 'Added to cart: {count} pcs.',
  'cart.goToCart': 'Go to cart',
  'cart.add': 'Add to cart',
  'cart.adding': 'Adding…',
  'cart.quantity': 'Quantity',
  'fastBuy.button': 'Buy in one click',
  'price.per100': '{price} / 100 ml',
  'search.relevance': 'Relevance',
  'search.filters': 'Filter the results',
}
