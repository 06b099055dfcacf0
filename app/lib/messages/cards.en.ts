/** Texts of a product card (home, catalog, product, favorites and search pages) in English. */
export const cardsEn = {
  'product.inStock': 'In stock',
  'product.outOfStock': 'Out of stock',
  'product.chooseVolume': 'Choose volume',
  'product.oldPrice': 'Regular price',
  'product.discount': '−{value}',
  'favorites.failed': 'Could not update favorites. Try again',
  'stockAlert.button': 'Notify me when available',
  'cart.inCartGo': 'In cart — go to cart',
  'cart.addedNote': 'Added to cart: {count} pcs.',
  'cart.goToCart': 'Go to cart',
  'cart.add': 'Add to cart',
  'cart.adding': 'Adding…',
  'price.per100': '{price} / 100 ml',
}
