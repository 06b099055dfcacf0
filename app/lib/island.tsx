import { Suspense, use, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react'
import { importWithoutReload } from './chunk-reload'
import { translate, type Locale } from './i18n'
import { useHeldElement, useHydrating } from '../shell/held-element'

/** One island's code: loaded once (again after a failure); `ready` settles when it is here. */
interface IslandCode {
  value?: ComponentType<never>
  loading?: Promise<void>
  /** Pressed again while a load was on its way: should that load fail, the press is a try of its own. */
  askedAgain?: boolean
  readonly load: () => Promise<ComponentType<never>>
  readonly ready: Promise<void>
  readonly arrived: () => void
  /** The message key shown when the load failed. */
  readonly failed: string
}
const islands = new Map<string, IslandCode>()

/** Loads an island's code (once; again after a failure, and once more at once when a new `press` came meanwhile). */
function loadIsland(code: IslandCode, press?: boolean): Promise<void> {
  if (code.loading) {
    code.askedAgain ||= press
    return code.loading
  }
  code.askedAgain = false
  code.loading = importWithoutReload(code.load).then(
    (value) => {
      // The alerts leave before React takes the islands over (its markup has none).
      if (typeof document !== 'undefined') document.querySelectorAll('[data-island-error]').forEach((a) => a.remove())
      code.value = value
      code.arrived()
    },
    (err: unknown) => {
      code.loading = undefined
      // A touch made while this load was failing (back online meanwhile) is not lost: one more try.
      if (code.askedAgain) return loadIsland(code)
      throw err
    },
  )
  return code.loading
}

// Island elements React has taken over; the clicks that wait for the others.
const live = new WeakSet<Element>()
const held = new WeakMap<Element, HTMLElement[]>()

function start(el: Element, code: IslandCode, press?: boolean) {
  loadIsland(code, press).catch(() => {
    if (el.querySelector('[data-island-error]')) return
    const text = translate((document.documentElement.lang || 'ru') as Locale, code.failed)
    el.insertAdjacentHTML('beforeend', `<p role="alert" data-island-error class="text-sm text-red-700">${text}</p>`)
  })
}

function onInteraction(event: Event) {
  const el = event.target instanceof Element ? event.target.closest('[data-island]') : null
  const code = el && !live.has(el) ? islands.get(el.getAttribute('data-island')!) : undefined
  if (!el || !code) return
  // A click (a checkbox must not toggle natively) is done again once the island is live.
  const target = (event.target as Element).closest('button, label, input')
  if (event.type === 'click' && target instanceof HTMLElement) {
    event.preventDefault()
    held.set(el, [...(held.get(el) ?? []), target])
  }
  // A press is a pointerdown or a keydown (the focus and click of that press are not new tries).
  start(el, code, event.type.endsWith('down'))
}

if (typeof window !== 'undefined')
  for (const type of ['focusin', 'pointerdown', 'keydown', 'click']) window.addEventListener(type, onInteraction, true)

/**
 * What was typed or dragged into the server's inputs before React took them over goes to React (it
 * keeps the DOM value while hydrating and tracks it): the tracked value is set back to the server's,
 * the typed one set past the tracker and an `input` event fired, so `onChange` sees it; a field left
 * meanwhile gets its blur (a price is applied on blur).
 */
function handOver(el: Element) {
  for (const input of el.querySelectorAll('input')) {
    const typed = input.value
    if (input.type === 'checkbox' || typed === input.defaultValue) continue
    input.value = input.defaultValue
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    if (document.activeElement !== input) input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  }
}

/**
 * A server-rendered part of a page whose code loads on its first interaction (ADR 035):
 * `const Filters = interactionIsland(() => import('./filters-panel').then((m) => m.FiltersPanel), 'filters')`.
 *
 * - The server renders it whole. While the page hydrates it is a Suspense boundary whose code is not
 *   requested, so React keeps the server's HTML there and hydrates the rest of the page.
 * - The first focusin, pointerdown, keydown or click inside its element (`data-island`, a
 *   `display: contents` wrapper outside the boundary) loads the code. A click on a button, label or
 *   input meanwhile is held (default prevented) and done again, once, when the island is live; typed
 *   text stays and reaches React (`handOver`).
 * - Until it is live its element is kept (`useHeldElement`); new props meanwhile start the load and
 *   are rendered once it is live.
 * - A failed load (offline) shows the `failed` text (a message key) in the island; the next
 *   interaction retries.
 * - Rendered in the browser (a client navigation, a modal) it loads at once and suspends with what
 *   contains it.
 */
export function interactionIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  failed = 'form.loadFailed',
): (props: P) => ReactElement {
  let arrived!: () => void
  const ready = new Promise<void>((resolve) => (arrived = resolve))
  const code: IslandCode = { load: load as IslandCode['load'], ready, arrived, failed }
  islands.set(name, code)

  function Code({ props, onLive }: { props: P; onLive: () => void }) {
    const hydrating = useHydrating()
    useEffect(onLive, [onLive])
    if (!code.value) {
      // The server renders it (waiting for the code); the browser loads at once what it renders itself.
      if (typeof window === 'undefined' || !hydrating) loadIsland(code).catch(() => undefined)
      use(code.ready)
    }
    const Component = code.value as ComponentType<P>
    return <Component {...props} />
  }

  function Island(props: P) {
    const hydrating = useHydrating()
    const [island] = useState(hydrating)
    const [isLive, setLive] = useState(!island)
    const ref = useRef<HTMLDivElement>(null)
    const [onLive] = useState(() => () => {
      live.add(ref.current!)
      handOver(ref.current!)
      setLive(true)
    })
    const { element, changed } = useHeldElement(
      props,
      (stable) => (
        <Suspense fallback={null}>
          <Code props={stable} onLive={onLive} />
        </Suspense>
      ),
      !island ? 'off' : isLive ? 'same' : 'keep',
    )
    useEffect(() => {
      if (changed) start(ref.current!, code)
    }, [changed])
    // The clicks that waited, once the island shows its current props.
    useEffect(() => {
      const el = ref.current!
      if (isLive) for (const target of held.get(el)?.splice(0) ?? []) if (target.isConnected) target.click()
    }, [isLive])
    return (
      <div ref={ref} data-island={name} style={{ display: 'contents' }}>
        {element ?? <Code props={props} onLive={onLive} />}
      </div>
    )
  }
  Island.displayName = `interactionIsland(${name})`
  return Island
}
