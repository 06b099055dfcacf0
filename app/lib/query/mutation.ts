import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A write from a component (ADR 027): react-query's useMutation with the part the app uses. The
 * options' callbacks run first (awaited: `isPending` lasts until an `onSuccess` that refetches is
 * done), then those of the `mutate` call, only for the latest call of a mounted component.
 */
export interface MutationCallbacks<TData, TError, TVariables, TContext> {
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown
  onError?: (error: TError, variables: TVariables, context: TContext | undefined) => unknown
  onSettled?: (
    data: TData | undefined,
    error: TError | null,
    variables: TVariables,
    context: TContext | undefined,
  ) => unknown
}

export interface MutationOptions<TData, TError, TVariables, TContext = unknown> extends MutationCallbacks<
  TData,
  TError,
  TVariables,
  TContext
> {
  mutationFn: (variables: TVariables) => Promise<TData>
}

export type MutationStatus = 'idle' | 'pending' | 'success' | 'error'

export interface MutationResult<TData, TError, TVariables, TContext> {
  status: MutationStatus
  data: TData | undefined
  error: TError | null
  isIdle: boolean
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  mutate: (variables: TVariables, callbacks?: MutationCallbacks<TData, TError, TVariables, TContext>) => void
  mutateAsync: (
    variables: TVariables,
    callbacks?: MutationCallbacks<TData, TError, TVariables, TContext>,
  ) => Promise<TData>
  reset: () => void
}

interface State<TData, TError> {
  status: MutationStatus
  data: TData | undefined
  error: TError | null
}

const idle = { status: 'idle', data: undefined, error: null } as const

export function useMutation<TData, TError, TVariables, TContext = unknown>(
  options: MutationOptions<TData, TError, TVariables, TContext>,
): MutationResult<TData, TError, TVariables, TContext> {
  const [state, setState] = useState<State<TData, TError>>(idle)
  const latest = useRef({ options, call: 0, mounted: false })
  useEffect(() => {
    latest.current.options = options
  })
  useEffect(() => {
    const current = latest.current
    current.mounted = true
    return () => {
      current.mounted = false
    }
  }, [])

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks?: MutationCallbacks<TData, TError, TVariables, TContext>) => {
      const own = latest.current.options
      const call = ++latest.current.call
      const isLatest = () => latest.current.mounted && latest.current.call === call
      setState({ status: 'pending', data: undefined, error: null })
      try {
        const data = await own.mutationFn(variables)
        await own.onSuccess?.(data, variables, undefined)
        await own.onSettled?.(data, null, variables, undefined)
        if (isLatest()) {
          setState({ status: 'success', data, error: null })
          callbacks?.onSuccess?.(data, variables, undefined)
          callbacks?.onSettled?.(data, null, variables, undefined)
        }
        return data
      } catch (e) {
        const error = e as TError
        await own.onError?.(error, variables, undefined)
        await own.onSettled?.(undefined, error, variables, undefined)
        if (isLatest()) {
          setState({ status: 'error', data: undefined, error })
          callbacks?.onError?.(error, variables, undefined)
          callbacks?.onSettled?.(undefined, error, variables, undefined)
        }
        throw error
      }
    },
    [],
  )
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutationCallbacks<TData, TError, TVariables, TContext>) => {
      mutateAsync(variables, callbacks).catch(() => undefined)
    },
    [mutateAsync],
  )
  const reset = useCallback(() => setState(idle), [])
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  }
}
