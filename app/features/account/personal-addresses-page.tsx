import { lazy, Suspense, useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '../../lib/query'
import type { PageProps } from '../../lib/entity'
import type { Address } from '../../../server/contracts/account'
import { PageTitle } from '../../shell/page-title'
import { Dialog } from '../../components/ui/dialog'
import { buttonClass } from '../../components/ui/button'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { PersonalNav } from '../../components/layout/personal-nav'
import { addressesChanged, addressesQuery, userInfoQuery } from './account-queries'
import '../../lib/messages/account'

const UserAddressModal = lazy(() => import('./user-address-modal'))

/** /personal/addresses/: the delivery addresses: list, add, edit, delete. */
export default function PersonalAddressesPage({ entity }: PageProps<'personal-addresses'>) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(addressesQuery(trpc))
  const { data: user } = useSuspenseQuery(userInfoQuery(trpc))
  const [editing, setEditing] = useState<Address | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Address | null>(null)
  const remove = useMutation(
    trpc.user.deleteAddress.mutationOptions({
      onSuccess: (r) => {
        void addressesChanged(queryClient, trpc, r)
        setDeleting(null)
      },
    }),
  )
  return (
    <>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <PersonalNav current="/personal/addresses/" />
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 className="text-xl font-semibold">{t('account.addresses')}</h2>
          <button type="button" className={buttonClass.primary} onClick={() => setEditing('new')}>
            {t('account.addressAdd')}
          </button>
        </div>
        {data.list.length === 0 ? (
          <p className="text-neutral-600">{t('account.addressesEmpty')}</p>
        ) : (
          <ul className="grid gap-4 tablet:grid-cols-2" aria-label={t('account.addresses')}>
            {data.list.map((a) => (
              <li key={a.id} className="flex flex-col justify-between gap-4 rounded-2xl border border-neutral-200 p-5">
                <p>{a.full}</p>
                <div className="flex gap-3">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setEditing(a)}
                    aria-label={`${t('account.addressEditButton')}: ${a.full}`}
                  >
                    {t('account.addressEditButton')}
                  </button>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setDeleting(a)}
                    aria-label={`${t('account.addressDelete')}: ${a.full}`}
                  >
                    {t('account.addressDelete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing !== null && (
        <Suspense fallback={null}>
          <UserAddressModal
            key={editing === 'new' ? 'new' : editing.id}
            open
            onOpenChange={(open) => !open && setEditing(null)}
            address={editing === 'new' ? undefined : editing}
            defaultCity={user.city.name}
          />
        </Suspense>
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="sm"
        title={t('account.addressDelete')}
        description={deleting ? t('account.addressDeleteConfirm', { address: deleting.full }) : undefined}
        footer={
          <>
            <button type="button" className={buttonClass.secondary} onClick={() => setDeleting(null)}>
              {t('account.cancel')}
            </button>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={remove.isPending}
              onClick={() => deleting && remove.mutate({ id: deleting.id })}
            >
              {t('account.addressDelete')}
            </button>
          </>
        }
      />
    </>
  )
}
