import { useState, useSyncExternalStore, type ReactElement } from 'react'

/**
 * What the islands share (ADR 033's form islands, ADR 035's interaction islands: app/lib/island.tsx),
 * a module of its own so that the sign-in page's form code does not load the catalog's islands.
 */
const noSubscribe = () => () => undefined
/** True while hydrating (and on the server): the render React matches against the server's HTML. */
export const useHydrating = () =>
  useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  )

/**
 * An island's element while it is server HTML (ADR 033): a dehydrated Suspense boundary that gets new
 * props is thrown away and rendered again (losing what was typed, showing its fallback), so the
 * element is kept while the props' values stay the same, and function props reach it through stable
 * wrappers that call the latest ones. `mode`: 'off' (not an island: `element` is null), 'same' (a new
 * element when a value changes), 'keep' (the element is kept even then; `changed` says so, the caller
 * renders the new values once the island is live). `render` builds the element from the props.
 */
export function useHeldElement<P extends object>(
  props: P,
  render: (stable: P) => ReactElement,
  mode: 'off' | 'same' | 'keep',
): { element: ReactElement | null; changed: boolean } {
  const [latest] = useState<{ props: P }>(() => ({ props }))
  const [held, setHeld] = useState<{ values: unknown[]; element: ReactElement } | null>(null)
  latest.props = props
  if (mode === 'off') return { element: null, changed: false }
  const entries = Object.entries(props) as [string, unknown][]
  const values = entries.map(([, v]) => (typeof v === 'function' ? null : v))
  const same = held && values.length === held.values.length && values.every((v, i) => Object.is(v, held.values[i]))
  if (held && (same || mode === 'keep')) return { element: held.element, changed: !same }
  const stable = Object.fromEntries(
    entries.map(([k, v]) =>
      typeof v === 'function'
        ? [k, (...args: unknown[]) => (latest.props[k as keyof P] as (...a: unknown[]) => unknown)(...args)]
        : [k, v],
    ),
  ) as P
  const element = render(stable)
  setHeld({ values, element })
  return { element, changed: false }
}
