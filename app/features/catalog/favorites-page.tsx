import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { ProductCard } from '../../components/product/product-card'
import { useFavorites } from '../../components/product/use-favorites'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import '../../lib/messages/search'

/** The favorites page: the live list (same query as the hearts and the header badge). */
export default function FavoritesPage({ entity }: PageProps<'favorites'>) {
  const t = useT()
  const favorites = useFavorites()
  const items = favorites.list.data?.items ?? entity.data.items
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        {items.length === 0 ? (
          <div className="rounded-2xl bg-neutral-50 p-8 text-center">
            <p className="text-lg font-medium">{t('favorites.empty')}</p>
            <p className="mt-1 mb-4 text-neutral-600">{t('favorites.emptyHint')}</p>
            <AppLink to="/catalog/" className={buttonClass.primary}>
              {t('favorites.toCatalog')}
            </AppLink>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
            {items.map((c) => (
              <li key={c.id}>
                <ProductCard card={c} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
