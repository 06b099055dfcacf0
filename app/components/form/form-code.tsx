import {
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type RefObject,
} from 'react'
import type * as Code from './rhf'
import { importWithoutReload } from '../../lib/chunk-reload'
import { useHeldElement, useHydrating } from '../../shell/held-element'
import { translate, type Locale } from '../../lib/i18n'

/**
 * react-hook-form on a form's first interaction (ADR 033). A server-rendered form stays server HTML
 * (a dehydrated Suspense boundary: `formIsland`) until its code is here:
 *
 * - The first focus, pointerdown or keydown in a form starts the load (`loadFormCode`); the shopper
 *   types into the server's own inputs meanwhile, and FormBlock hands those values to the form when
 *   it takes the same elements over (`useTakeOver`).
 * - A click or submit inside a form not yet taken over waits (default prevented) and is done again
 *   once the form is live: exactly once, so an early "Sign in" is neither lost nor a native GET.
 * - A failed load (offline) puts the ADR 028 alert at the end of the form; the next interaction
 *   retries, and the alert leaves before React takes the form over.
 * - A form rendered in the browser (a tab, a modal) simply suspends until the code is here.
 * - `lazyFormIsland`: the form's component code loads with react-hook-form (`formPart`), so the
 *   page's first load carries only this module, the listeners' (the form islands are here too:
 *   one small chunk).
 */
type FormCode = typeof Code

let code: FormCode | undefined
/** A form rendered in the browser waits for the code. */
let awaited = false
let loading: Promise<FormCode> | null = null
/** Pressed again while a load was on its way: should that load fail, the press is a try of its own. */
let askedAgain = false
let arrived!: (c: FormCode) => void
/**
 * Settles once, when the code is here: what dehydrated forms wait for. Never rejects. Marked
 * fulfilled the way React's `use` reads a promise, so `use(ready)` returns the code at once when it
 * is here: the hooks ask `use` on every render, never only while the code is missing. A render that
 * suspended in `use` is replayed with the hooks it had called so far; had the replay skipped `use`
 * because the code had come meanwhile, react-hook-form's hooks after it would run as updates of
 * hooks never mounted (React error #467, logged as #520/#422: CI's checkout and profile).
 */
const ready = new Promise<FormCode>((resolve) => (arrived = resolve))

/**
 * A form's own component code, loaded with react-hook-form (`formPart`, used by `lazyFormIsland`):
 * registered when the module declaring it is evaluated, loaded by the next `loadFormCode()`.
 */
export interface FormPart<T> {
  value?: T
  readonly load: () => Promise<T>
  /** Settles once, when `value` is here. Never rejects. */
  readonly ready: Promise<void>
  arrived: () => void
}
const pending = new Set<FormPart<unknown>>()

export function formPart<T>(load: () => Promise<T>): FormPart<T> {
  let arrived!: () => void
  const ready = new Promise<void>((resolve) => (arrived = resolve))
  const part: FormPart<T> = { load, ready, arrived }
  pending.add(part)
  return part
}

const complete = () => code !== undefined && pending.size === 0

/**
 * Starts loading the form code and every registered form part not yet here (once; again after a
 * failure, and once more at once when a new `press` — a pointerdown or a key — came while the
 * failing load was on its way), all or nothing. Resolves when they are here.
 */
export function loadFormCode(press = false): Promise<FormCode> {
  if (complete()) return Promise.resolve(code!)
  if (loading) {
    if (press) askedAgain = true
    return loading
  }
  askedAgain = false
  loading = loadAll().then(
    (m) => {
      loading = null
      // A part registered while this load ran (its module came in meanwhile) follows at once.
      if (pending.size) void loadFormCode().catch(() => undefined)
      return m
    },
    (err: unknown) => {
      loading = null
      // A press made while this load was failing (back online meanwhile) is not lost: one more try.
      if (askedAgain) return loadFormCode()
      throw err
    },
  )
  return loading
}

async function loadAll(): Promise<FormCode> {
  const parts = [...pending]
  const [m, ...values] = await importWithoutReload(() =>
    Promise.all([code ?? import('./rhf'), ...parts.map((p) => p.load())]),
  )
  // The alerts leave before React takes the forms over (its markup has none).
  if (typeof document !== 'undefined')
    for (const alert of document.querySelectorAll('[data-form-code-error]')) alert.remove()
  parts.forEach((p, i) => {
    p.value = values[i]
    pending.delete(p)
    p.arrived()
  })
  code = m
  const settled = ready as typeof ready & { status?: 'fulfilled'; value?: FormCode }
  settled.status = 'fulfilled'
  settled.value = m
  arrived(m)
  return m
}

/**
 * The form code, suspending until it is here: while hydrating until the first interaction loads it
 * (the boundary keeps the server's HTML), in a browser render from now.
 */
export function useFormCode(): FormCode {
  const hydrating = useHydrating()
  // The server renders every form; the browser loads at once only what it renders itself (and,
  // should that fail, again on the next interaction anywhere: there is no form to touch yet).
  if (!code && (typeof window === 'undefined' || !hydrating)) {
    awaited = true
    void loadFormCode().catch(() => undefined)
  }
  return use(ready)
}

/** A form part's value, suspending like `useFormCode` until it (and the form code) is here. */
export function useFormPart<T>(part: FormPart<T>): T {
  const hydrating = useHydrating()
  if (part.value !== undefined) return part.value
  if (typeof window === 'undefined' || !hydrating) {
    awaited = true
    void loadFormCode().catch(() => undefined)
  }
  use(part.ready)
  return part.value as T
}

/**
 * For the field hooks below `useZodForm`. A sibling of the form's own component may render before
 * `useZodForm` suspended (checkout's summary watches the form): it waits for the code the same way
 * instead of throwing, which React recovered from only by rendering again (its errors #422, #520).
 */
function loaded(): FormCode {
  return use(ready)
}

export const useController: FormCode['useController'] = (props) => loaded().useController(props)
export const useWatch = ((props: unknown) =>
  (loaded().useWatch as (p: unknown) => unknown)(props)) as FormCode['useWatch']
export const Controller: FormCode['Controller'] = (props) => loaded().Controller(props)

// Forms not yet taken over by React, and the click or submit that waits for each.
const live = new WeakSet<HTMLFormElement>()
const held = new WeakMap<HTMLFormElement, HTMLElement | 'submit'>()

const pendingForm = (target: EventTarget | null) => {
  const form = target instanceof Element ? target.closest('form[data-form-block]') : null
  return form instanceof HTMLFormElement && !live.has(form) ? form : null
}

function start(form: HTMLFormElement, event: Event) {
  loadFormCode(event.type === 'pointerdown' || event.type === 'keydown').catch(() => {
    if (form.querySelector('[data-form-code-error]')) return
    const alert = document.createElement('p')
    alert.setAttribute('role', 'alert')
    alert.setAttribute('data-form-code-error', '')
    alert.className = 'text-sm text-red-700'
    alert.textContent = translate((document.documentElement.lang || 'ru') as Locale, 'form.loadFailed')
    form.append(alert)
  })
}

function onInteraction(event: Event) {
  if (complete()) return
  const form = pendingForm(event.target)
  if (form) start(form, event)
  else if (awaited) void loadFormCode().catch(() => undefined)
}

/**
 * A button's click (the submit button's, or Enter's implicit one) or a submit before the form is
 * live: held, to be done once it is. A later button replaces an earlier one, except a submit.
 */
function onHeldAction(event: Event) {
  const form = pendingForm(event.target)
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!form || (event.type === 'click' && !button)) return
  event.preventDefault()
  const before = held.get(form)
  const submits = (a: typeof before) => a === 'submit' || (a instanceof HTMLButtonElement && a.type === 'submit')
  if (!submits(before)) held.set(form, button ?? 'submit')
  start(form, event)
}

if (typeof window !== 'undefined') {
  for (const type of ['focusin', 'pointerdown', 'keydown']) window.addEventListener(type, onInteraction, true)
  for (const type of ['click', 'submit']) window.addEventListener(type, onHeldAction, true)
}

/**
 * FormBlock's part: once its form is mounted (hydrated or rendered) it is live; what was typed into
 * the server's inputs before goes to `setValue` (`onLive` then runs, if a field has the focus), and
 * the click or submit that waited is done, once.
 */
export function useTakeOver(
  formRef: RefObject<HTMLFormElement | null>,
  setValue: (name: string, value: string) => void,
  onFocused: () => void,
) {
  useLayoutEffect(() => {
    const form = formRef.current
    if (form && takeOver(form, setValue) && form.contains(document.activeElement)) onFocused()
  })
  useEffect(() => {
    if (formRef.current) replayHeld(formRef.current)
  })
}

/**
 * Marks `form` live (only the first call does anything). The text typed into its inputs before
 * (React's hydration keeps it in the DOM) goes to `setValue`. The server-rendered forms bind text
 * fields (TextField, PhoneField…); a `register`ed radio or checkbox would need its choice noted
 * before hydration, which resets it.
 */
function takeOver(form: HTMLFormElement, setValue: (name: string, value: string) => void): boolean {
  if (live.has(form)) return false
  live.add(form)
  for (const el of form.elements) {
    const text =
      (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio') ||
      el instanceof HTMLTextAreaElement
    if (text && el.name && el.value !== el.defaultValue) setValue(el.name, el.value)
  }
  return true
}

/** The click or submit that waited for `form` to be live, done now (once). */
function replayHeld(form: HTMLFormElement) {
  const action = held.get(form)
  if (!action) return
  held.delete(form)
  if (action === 'submit') form.requestSubmit()
  else if (action?.isConnected) action.click()
}

/**
 * A component that calls `useZodForm`, as an island (ADR 033): `export const PasswordForm =
 * formIsland(function PasswordForm(…) {…})`. Rendered by the server, it hydrates once its form code
 * is here (the first interaction loads it: form-code.ts); until then React keeps the server's HTML
 * in a Suspense boundary of its own, and the rest of the page is live. Rendered in the browser (a
 * tab, a modal) it has no boundary of its own: it suspends with what contains it (a modal appears
 * whole).
 *
 * A dehydrated boundary that gets new props is thrown away and rendered again (losing what was
 * typed), so until it hydrates it keeps its element while the props' values stay the same, and
 * function props reach it through stable wrappers that call the latest ones.
 */
export function formIsland<P extends object>(
  Form: ComponentType<P>,
  { onInteraction = false }: { onInteraction?: boolean } = {},
): (props: P) => ReactElement {
  function FormIsland(props: P) {
    const hydrating = useHydrating()
    const [island] = useState(hydrating)
    // Its code loads as soon as the page is live, not at the first interaction: these forms have a
    // phone field, and a phone typed while the form is taken over could reach the form older than
    // the field shows it (e2e: a profile's SMS code went to another number 2 times in 10). `lazyFormIsland`
    // (the sign-in forms) keeps loading on the first interaction.
    useEffect(() => {
      if (island && !onInteraction) void loadFormCode().catch(() => undefined)
    }, [island])
    const { element } = useHeldElement(
      props,
      (stable) => (
        <Suspense fallback={null}>
          <Form {...stable} />
        </Suspense>
      ),
      island ? 'same' : 'off',
    )
    return element ?? <Form {...props} />
  }
  FormIsland.displayName = `formIsland(${Form.displayName ?? Form.name})`
  return FormIsland
}

/**
 * `formIsland` whose component code itself loads with react-hook-form, on the form's first
 * interaction (or at once when rendered in the browser): `const PasswordForm = lazyFormIsland(() =>
 * import('./login-forms').then((m) => m.PasswordForm))`. The page's first load carries only the page
 * around it; the server's HTML stays until then (form-code.ts: `formPart`, `loadFormCode`).
 */
export function lazyFormIsland<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const part = formPart(load)
  function LazyForm(props: P) {
    const Form = useFormPart(part)
    return <Form {...props} />
  }
  LazyForm.displayName = 'LazyForm'
  return formIsland(LazyForm, { onInteraction: true })
}
