import { Suspense, useState, type ComponentType, type ReactElement } from 'react'
import { formPart, useFormPart, useHydrating } from './form-code'

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
export function formIsland<P extends object>(Form: ComponentType<P>): (props: P) => ReactElement {
  function FormIsland(props: P) {
    const hydrating = useHydrating()
    const [island] = useState(hydrating)
    const [latest] = useState<{ props: P }>(() => ({ props }))
    const [held, setHeld] = useState<{ values: unknown[]; element: ReactElement } | null>(null)
    latest.props = props
    if (!island) return <Form {...props} />
    const entries = Object.entries(props) as [string, unknown][]
    const values = entries.map(([, v]) => (typeof v === 'function' ? null : v))
    if (held && values.length === held.values.length && values.every((v, i) => Object.is(v, held.values[i])))
      return held.element
    const stable = Object.fromEntries(
      entries.map(([k, v]) =>
        typeof v === 'function'
          ? [k, (...args: unknown[]) => (latest.props[k as keyof P] as (...a: unknown[]) => unknown)(...args)]
          : [k, v],
      ),
    ) as P
    const element = (
      <Suspense fallback={null}>
        <Form {...stable} />
      </Suspense>
    )
    setHeld({ values, element })
    return element
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
  return formIsland(LazyForm)
}
