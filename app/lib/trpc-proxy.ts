import type { QueryOptions } from './query/client'
import type { DataTag } from './query/keys'
import type { MutationOptions } from './query/mutation'
import type { TRPCClient, TRPCClientErrorLike } from '@trpc/client'
import type {
  AnyTRPCMutationProcedure,
  AnyTRPCQueryProcedure,
  AnyTRPCRouter,
  inferProcedureInput,
  inferTransformedProcedureOutput,
  TRPCRouterRecord,
} from '@trpc/server'

/**
 * Query and mutation options (app/lib/query, ADR 027) for every tRPC procedure: `trpc.cart.get.queryOptions()`,
 * `trpc.cart.get.queryKey()`, `trpc.cart.add.mutationOptions({ onSuccess })`.
 *
 * Our own small version of `createTRPCOptionsProxy` (@trpc/tanstack-react-query) with only the
 * three methods the app uses. It imports nothing from tRPC at run time: the client comes from
 * `getClient()`, which in the browser loads @trpc/client on the first fetch, so tRPC stays out of
 * the first-load JavaScript (docs/decisions/012-trpc-client-on-demand.md).
 *
 * Query keys are tRPC's own: `[path, { input?, type: 'query' }]`. `queryKey()` without input is a
 * partial match of every key of the procedure, so invalidating it reaches all its inputs.
 */
export type TRPCQueryKey = [path: string[], args: { input?: unknown; type: 'query' }]
export type TRPCMutationKey = [path: string[]]

/** Options a caller may pass; the key and the fetch function are ours. */
export type QueryOptionsIn<TOutput, TError> = Omit<QueryOptions<TOutput, TError>, 'queryKey' | 'queryFn'> & {
  /** Pass the query's abort signal to the request: a query left by every component is cancelled. */
  trpc?: { abortOnUnmount?: boolean }
}

/** The key carries the data type (DataTag): `getQueryData(key)` is typed by it. */
export type QueryOptionsOut<TOutput, TError> = QueryOptions<TOutput, TError> & {
  queryKey: DataTag<TRPCQueryKey, TOutput, TError>
}

export interface QueryProcedure<TInput, TOutput, TError> {
  queryOptions(input: TInput, opts?: QueryOptionsIn<TOutput, TError>): QueryOptionsOut<TOutput, TError>
  /** Without input: the prefix of every key of this procedure (for invalidation). */
  queryKey(input?: TInput): DataTag<TRPCQueryKey, TOutput, TError>
}

export interface MutationProcedure<TInput, TOutput, TError> {
  mutationOptions<TContext = unknown>(
    opts?: Omit<MutationOptions<TOutput, TError, TInput, TContext>, 'mutationFn'>,
  ): MutationOptions<TOutput, TError, TInput, TContext> & { mutationKey: TRPCMutationKey }
}

type DecorateRecord<TRouter extends AnyTRPCRouter, TRecord extends TRPCRouterRecord> = {
  [K in keyof TRecord]: TRecord[K] extends AnyTRPCQueryProcedure
    ? QueryProcedure<
        inferProcedureInput<TRecord[K]>,
        inferTransformedProcedureOutput<TRouter, TRecord[K]>,
        TRPCClientErrorLike<TRouter>
      >
    : TRecord[K] extends AnyTRPCMutationProcedure
      ? MutationProcedure<
          inferProcedureInput<TRecord[K]>,
          inferTransformedProcedureOutput<TRouter, TRecord[K]>,
          TRPCClientErrorLike<TRouter>
        >
      : TRecord[K] extends TRPCRouterRecord
        ? DecorateRecord<TRouter, TRecord[K]>
        : never
}

export type TRPCOptionsProxy<TRouter extends AnyTRPCRouter> = DecorateRecord<TRouter, TRouter['_def']['record']>

/** The typed client's leaf (`client.cart.get`), as seen at run time. */
interface ProcedureCaller {
  query(input: unknown, opts?: { signal?: AbortSignal }): Promise<unknown>
  mutate(input: unknown): Promise<unknown>
}

function procedureAt(client: object, path: readonly string[]): ProcedureCaller {
  let node: unknown = client
  for (const part of path) node = (node as Record<string, unknown>)[part]
  return node as ProcedureCaller
}

function keyOf(path: string[], input: unknown): TRPCQueryKey {
  return [path, input === undefined ? { type: 'query' } : { input, type: 'query' }]
}

export function createOptionsProxy<TRouter extends AnyTRPCRouter>(
  getClient: () => Promise<TRPCClient<TRouter>>,
): TRPCOptionsProxy<TRouter> {
  const call = async (path: string[]) => procedureAt(await getClient(), path)

  const methods = (path: string[]) => ({
    queryKey: (input?: unknown) => keyOf(path, input),
    queryOptions: (input?: unknown, opts?: QueryOptionsIn<unknown, unknown>): QueryOptions<unknown, unknown> => {
      const { trpc, ...rest } = opts ?? {}
      return {
        ...rest,
        queryKey: keyOf(path, input),
        // Reading `signal` tells the query layer the fetch can be cancelled: only when asked for.
        queryFn: async (context) =>
          (await call(path)).query(input, trpc?.abortOnUnmount ? { signal: context.signal } : undefined),
      }
    },
    mutationOptions: (opts?: Omit<MutationOptions<unknown, unknown, unknown>, 'mutationFn'>) => ({
      ...opts,
      mutationKey: [path],
      mutationFn: async (input: unknown) => (await call(path)).mutate(input),
    }),
  })

  // One node per path segment; the three method names end the path. The target is a function
  // (as in tRPC's own proxy) so nothing mistakes a node for a plain object, and `then` is absent
  // so a node is never taken for a promise.
  const node = (path: string[]): object =>
    new Proxy(() => undefined, {
      get(_target, key) {
        if (typeof key !== 'string' || key === 'then') return undefined
        if (key === 'queryKey' || key === 'queryOptions' || key === 'mutationOptions') return methods(path)[key]
        return node([...path, key])
      },
    })

  return node([]) as TRPCOptionsProxy<TRouter>
}
