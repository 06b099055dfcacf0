/** The in-house query layer (ADR 027): react-query's hook and client names, only what the app uses. */
export { QueryClient, type QueryOptions, type QueryClientConfig, type QueryFilters } from './client'
export type { DataTag, QueryKey } from './keys'
export { QueryClientContext, useQuery, useQueryClient, useSuspenseQuery, type QueryResult } from './hooks'
export { useMutation, type MutationCallbacks, type MutationOptions, type MutationResult } from './mutation'
