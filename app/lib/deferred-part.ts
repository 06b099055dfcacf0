import { useEffect, useState, useSyncExternalStore } from 'react'
import type { HydrateOptions, HydrationPrefetchStrategy } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { importWithoutReload } from './chunk-reload'
import { translate, type Locale } from './i18n'

/**
 * What Start's `<Hydrate>` does not do for the shop's deferred parts (ADR 048): a part is written
 *
 *   const part = useDeferredPart(props, { failed: 'form.loadFailed' })
 *   return useMemo(() => (
 *     <Hydrate when={interaction()} prefetch={part.prefetch} onHydrated={part.onHydrated}>
 *       <Form {...part.props} />
 *     </Hydrate>
 *   ), [part])
 *
 * and gets three things Hydrate leaves to its caller:
 *
 * - **A code that cannot load says so and keeps the page.** Hydrate's split chunk is a
 *   `lazyRouteComponent`: a failed load reloads the page or throws to the route's error view, and
 *   either loses what was typed. Here the boundary's hydration waits (its `prefetch`) until the
 *   chunk is here: a failure shows `failed` (a message key) in the part and the next touch retries;
 *   the server's HTML, and what was typed into it, stay meanwhile.
 * - **New props while it is server HTML.** A dehydrated Suspense boundary that gets new props is
 *   rendered again from scratch (or holds a navigation until it hydrates), so while the part is not
 *   hydrated its props stay the first ones (function props call the latest ones): `part` is the same
 *   object, the memoised element too, and React leaves the boundary alone. New values wake it (the
 *   intent a pointer brings), and once hydrated it renders the latest props.
 * - **Typed text for controlled inputs** (`handOver`): React keeps what was typed into a server
 *   input while it hydrates, but tracks it as the value it rendered, so `onChange` never sees it.
 *   Forms built on FormBlock do this themselves (`useTakeOver`, form-code.tsx).
 *
 * `early`: a strategy that loads the code before the part is woken (the forms with a phone field:
 * `idle()`), so a form taken over while typing cannot happen.
 */
export interface DeferredPart<P> {
  readonly props: P
  readonly prefetch: HydrationPrefetchFunction
  readonly onHydrated: () => void
}

/** A `<Hydrate prefetch>` function (Start exports only the strategies' type). */
type HydrationPrefetchFunction = Extract<NonNullable<HydrateOptions['prefetch']>, (...args: never[]) => unknown>

const noSubscribe = () => () => undefined
/** True while hydrating (and on the server): the render React matches against the server's HTML. */
export const useHydrating = () =>
  useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  )

interface State<P> {
  latest: P
  element: Element | null
}

export function useDeferredPart<P extends object>(
  props: P,
  options: { failed: string; early?: HydrationPrefetchStrategy; handOver?: boolean },
): DeferredPart<P> {
  const hydrating = useHydrating()
  const [state] = useState<State<P>>(() => ({ latest: props, element: null }))
  state.latest = props
  const [live, setLive] = useState(!hydrating)
  const [held] = useState<DeferredPart<P>>(() => ({
    props: stableProps(props, state),
    prefetch: loadWhenWoken(options.failed, options.early, (el) => (state.element = el)),
    onHydrated: () => {
      if (options.handOver && state.element) handOver(state.element)
      setLive(true)
    },
  }))
  const changed = !live && !sameValues(held.props, props)
  useEffect(() => {
    if (changed) state.element?.dispatchEvent(new PointerEvent('pointerenter'))
  }, [changed, state])
  // The memoised element changes only once the part is live (then with every render, as any).
  return live ? { ...held, props } : held
}

/** `props` with each function replaced by one that calls the latest props' function. */
function stableProps<P extends object>(props: P, state: State<P>): P {
  return Object.fromEntries(
    Object.entries(props).map(([k, v]) =>
      typeof v === 'function'
        ? [k, (...args: unknown[]) => (state.latest[k as keyof P] as (...a: unknown[]) => unknown)(...args)]
        : [k, v],
    ),
  ) as P
}

function sameValues(a: object, b: object): boolean {
  const ea = Object.entries(a)
  const eb = Object.entries(b) as [string, unknown][]
  return ea.length === eb.length && ea.every(([k, v]) => typeof v === 'function' || Object.is(v, (b as Record<string, unknown>)[k]))
}

/**
 * The boundary's `prefetch`: after `early` (or when the part is woken) its chunk loads; the
 * hydration Start holds until this settles waits for a load that worked, retried on each touch.
 */
function loadWhenWoken(
  failed: string,
  early: HydrationPrefetchStrategy | undefined,
  mounted: (element: Element | null) => void,
): HydrationPrefetchFunction {
  return async ({ element, preload, waitFor, signal }) => {
    mounted(element)
    if ((await waitFor(early ?? (never() as unknown as HydrationPrefetchStrategy))) === 'abort') return
    while (!signal.aborted) {
      if (await loaded(preload)) {
        element?.querySelectorAll('[data-part-error]').forEach((alert) => alert.remove())
        return
      }
      if (element) say(element, failed)
      await nextTouch(element, signal)
    }
  }
}

/**
 * Start's chunk loader swallows a failure (it rethrows it at render); Vite's preload helper
 * reports it first, as `vite:preloadError` (and the reload on it is off meanwhile).
 */
async function loaded(preload: () => Promise<void>): Promise<boolean> {
  let ok = true
  const onError = () => (ok = false)
  window.addEventListener('vite:preloadError', onError)
  try {
    await importWithoutReload(preload)
  } catch {
    ok = false
  } finally {
    window.removeEventListener('vite:preloadError', onError)
  }
  return ok
}

function say(element: Element, failed: string) {
  if (element.querySelector('[data-part-error]')) return
  const alert = document.createElement('p')
  alert.setAttribute('role', 'alert')
  alert.setAttribute('data-part-error', '')
  alert.className = 'text-sm text-red-700'
  alert.textContent = translate((document.documentElement.lang || 'ru') as Locale, failed)
  // In the form when there is one: that is where the shopper looks.
  ;(element.querySelector('form') ?? element).append(alert)
}

function nextTouch(element: Element | null, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const types = ['pointerdown', 'focusin', 'keydown', 'click'] as const
    const done = () => {
      types.forEach((type) => element?.removeEventListener(type, done, true))
      signal.removeEventListener('abort', done)
      resolve()
    }
    types.forEach((type) => element?.addEventListener(type, done, true))
    signal.addEventListener('abort', done)
  })
}

/**
 * What was typed into the server's inputs before React took them over goes to React: the tracked
 * value is set back to the server's, the typed one set past the tracker and an `input` event
 * fired, so `onChange` sees it; a field left meanwhile gets its blur (a price is applied on blur).
 */
function handOver(element: Element) {
  for (const input of element.querySelectorAll('input')) {
    const typed = input.value
    if (input.type === 'checkbox' || typed === input.defaultValue) continue
    input.value = input.defaultValue
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    if (document.activeElement !== input) input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  }
}
