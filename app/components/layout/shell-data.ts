import { useSuspenseQuery } from '../../lib/query'
import type { inferRouterOutputs } from '@trpc/server'
import { useMemo } from 'react'
import type { AppRouter } from '../../../server/trpc/root'
import { resolveContacts, type ResolvedContacts } from '../../../server/contracts/contacts'
import { useTRPC } from '../../lib/trpc'

export type ShellData = inferRouterOutputs<AppRouter>['site']['shell']

/** The startup data (loaded by the root route, so it never suspends after the first render). */
export function useShellData(): ShellData {
  const trpc = useTRPC()
  return useSuspenseQuery(trpc.site.shell.queryOptions()).data
}

/** Contacts of the visitor's city by the shared rule (city record, else common, else first). */
export function useCityContacts(): ResolvedContacts {
  const shell = useShellData()
  return useMemo(() => resolveContacts(shell.contacts, shell.userCity.id), [shell.contacts, shell.userCity.id])
}
