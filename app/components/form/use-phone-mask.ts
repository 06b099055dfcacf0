import { useEffect, useRef } from 'react'
import { importWithoutReload } from '../../lib/chunk-reload'
import { attachPhoneMask, type PhoneInputMask } from './phone-mask'

/**
 * imask for the phone input, loaded on demand (ADR 028). The input is rendered plain (and
 * uncontrolled) from the start; the first focus, pointerdown or keydown on it loads imask, which
 * then takes over the SAME element: nothing is remounted, and the digits typed meanwhile stay and
 * get formatted (`attachPhoneMask`). Until then each change goes to the form as typed, so the
 * values are never lost, even when imask cannot load (offline: the next interaction retries).
 *
 * `value` is the form's value (a reset or `setValue` is written into the input or the mask);
 * `onChange` gets what the shopper typed, or the masked value once the mask is on.
 * Returns the input's `ref`, `start` (for the input's events) and `onInput` (its change handler).
 */
export function usePhoneMask(value: string, onChange: (value: string) => void) {
  const input = useRef<HTMLInputElement | null>(null)
  const mask = useRef<PhoneInputMask | null>(null)
  const loading = useRef(false)
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  // The values the input and the mask sent to the form since the form's value last matched the
  // field. With fast typing on a slow device a render may commit an older one of them after the
  // field already holds a newer one: that is an echo, never written back (it would drop digits).
  const emitted = useRef(new Set<string>())
  const emit = (v: string) => {
    emitted.current.add(v)
    latest.current(v)
  }

  const start = () => {
    if (mask.current || loading.current) return
    loading.current = true
    importWithoutReload(() => import('imask')).then(
      ({ default: IMask }) => {
        loading.current = false
        if (!input.current || mask.current) return
        mask.current = attachPhoneMask(IMask, input.current, emit)
      },
      () => {
        loading.current = false
      },
    )
  }

  // A value from outside (a reset, a prefill, `setValue`) goes into the mask, or into the plain
  // input; the field's own values coming back (`emitted`, stale or not) do not. Not on mount: the
  // input shows it already, unless the shopper typed before the form code (ADR 033).
  const mounted = useRef(false)
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true
      return
    }
    const shown = mask.current ? mask.current.value : input.current?.value
    if (shown === undefined) return
    if (shown === value) {
      emitted.current.clear() // in sync: the values sent so far are all behind
      return
    }
    if (emitted.current.has(value)) return // an echo of an older keystroke
    // While the shopper types in it the field is the truth (its keys reach the form): a value from
    // the form that is neither theirs nor a reset is older than the field, e.g. the text handed over
    // when the form code took the field over mid-typing (ADR 033). It would drop the keys since.
    if (value !== '' && input.current === document.activeElement) return
    emitted.current.clear()
    if (mask.current) mask.current.value = value
    else if (input.current) input.current.value = value
  }, [value])

  // Focused before hydration or by autoFocus: no focus event will come, so start now.
  useEffect(() => {
    if (input.current && input.current === document.activeElement) start()
    return () => {
      mask.current?.destroy()
      mask.current = null
    }
  }, [])

  const onInput = (text: string) => {
    if (!mask.current) emit(text)
  }
  return { input, start, onInput }
}
