/** Texts of the catalog and its sections, in English: the spec's strings word for word. */
export const catalogEn = {
  'catalog.filters': 'Filters',
  'catalog.filtersLoadFailed': 'The filters could not be loaded: no connection. Check the internet and try again',
  'catalog.filtersShow': 'Show {count} products',
  'catalog.filtersReset': 'Reset filters',
  'catalog.sort': 'Sort',
  'catalog.found': '{count} products',
  'catalog.empty': 'No products match these filters',
  'catalog.showMore': 'Show more',
  'catalog.pages': 'Pages',
  'catalog.page': 'Page {page}',
  'catalog.prev': 'Previous page',
  'catalog.next': 'Next page',
  'catalog.sections': 'Categories',
}
