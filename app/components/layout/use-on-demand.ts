import { useEffect, useState } from 'react'

const loaded = new Map<() => Promise<unknown>, unknown>()

/**
 * What `load` answers (a lazily fetched component), fetched once `wanted`; undefined until it has
 * come, then for every later mount at once. Not React.lazy: a Suspense boundary that showed its
 * fallback reveals its content only after React's 300 ms throttle, which would hold back the
 * first search suggestions and the search dropdown's first focus. A failed fetch leaves it undefined.
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [value, setValue] = useState(() => loaded.get(load) as T | undefined)
  useEffect(() => {
    if (!wanted || value !== undefined) return
    load().then(
      (v) => {
        loaded.set(load, v)
        setValue(() => v)
      },
      () => undefined,
    )
  }, [wanted, value, load])
  return value
}
