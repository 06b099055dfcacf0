import { useMutation, useQueryClient } from '../../lib/query'
import { useId, useMemo, useState } from 'react'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { useShellData } from '../layout/shell-data'
import { Dialog } from '../ui/dialog'
import { searchCities } from '../../../server/contracts/city-search'
import '../../lib/messages/shell-more'

/**
 * The city-select modal (spec §2, §4): a searchable list of the site's cities. Choosing one saves
 * it by id (confirmed) and refreshes the startup data, so header and footer contacts change at once.
 * Props: `open`, `onOpenChange`. Lazy-loaded by the shell.
 */
export default function CitySelectModal({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const shell = useShellData()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const setCity = useMutation(
    trpc.site.setCity.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.site.shell.queryKey() })
        onOpenChange(false)
        setQuery('')
      },
    }),
  )
  // Colloquial names ("питер", "мск"), the wrong layout ("cfyrn"), the other alphabet (issue 17).
  const cities = useMemo(() => searchCities(shell.cities, query), [query, shell.cities])

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('city.select')}>
      <label htmlFor={inputId} className="sr-only">
        {t('city.search')}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('city.search')}
        autoComplete="off"
        className="mb-3 min-h-11 w-full rounded-xl border border-neutral-300 px-4 text-base focus:border-brand-600"
      />
      {setCity.error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {setCity.error.message}
        </p>
      )}
      {cities.length === 0 ? (
        <p className="py-4 text-neutral-600" role="status">
          {t('city.empty')}
        </p>
      ) : (
        <ul className="grid gap-1 phone-l:grid-cols-2" aria-label={t('city.select')}>
          {cities.map((c) => {
            const current = c.id === shell.userCity.id
            return (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={setCity.isPending}
                  aria-current={current || undefined}
                  onClick={() => setCity.mutate({ id: c.id })}
                  className="flex min-h-11 w-full flex-col items-start justify-center rounded-xl px-3 py-1.5 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-700 disabled:opacity-60"
                >
                  <span>{c.name}</span>
                  {c.region !== c.name && <span className="text-xs font-normal text-neutral-500">{c.region}</span>}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </Dialog>
  )
}
