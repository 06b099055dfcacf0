import type { ReactNode } from 'react'
import { useQueryClient } from '../../lib/query'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import type { AddressSuggestion } from '../../../server/contracts/account'
import { SuggestField } from '../form/suggest-field'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import '../../lib/messages/commerce'

/**
 * The delivery address with as-you-type suggestions from `suggest-address` (streets and houses
 * of the session's city). The typed text is always accepted; a suggestion fills the whole line.
 */
export function AddressField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  hint,
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label: ReactNode
  required?: boolean
  hint?: ReactNode
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (
    <SuggestField<T, AddressSuggestion>
      control={control}
      name={name}
      label={label}
      required={required}
      hint={hint}
      listLabel={t('checkout.addressSuggestions')}
      autoComplete="street-address"
      maxLength={500}
      load={(query) =>
        queryClient
          .fetchQuery({ ...trpc.user.suggestAddress.queryOptions({ query: query.trim() }), staleTime: 60_000 })
          .then((res) => res.list)
      }
      itemLabel={(item) => item.full || item.value}
      pickValue={(item) => item.full || item.value}
      renderItem={(item) => (
        <>
          <span className="block">{item.value}</span>
          {(item.postal || item.city) && (
            <span className="block text-xs text-neutral-600">
              {[item.postal, item.city].filter(Boolean).join(', ')}
            </span>
          )}
        </>
      )}
    />
  )
}
