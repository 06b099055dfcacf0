import { useEffect, useState } from 'react'

/**
 * One polite live region for the whole shop (issue 17, accessibility): what a sighted shopper
 * sees happen without a page change — an item added to the cart, a promo code applied or
 * refused, a new page of results — is read out by screen readers too.
 *
 * `announce(text)` may be called from anywhere in the browser; the region mounted once by the
 * shell reads it out. Repeating the same text is still announced (the region is cleared first);
 * texts announced within the same tick are read out together, in order.
 */
type Listener = (text: string) => void
const listeners = new Set<Listener>()

export function announce(text: string) {
  for (const l of listeners) l(text)
}

/** A text as a sentence of a longer announcement (ends with its own stop, or gets one). */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

export function LiveRegion() {
  const [text, setText] = useState('')
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // Texts announced within one tick are read together: a promo code's result and the delivery
    // change it caused come from two places at once, and the later must not swallow the first.
    let pending: string[] = []
    const listener: Listener = (next) => {
      if (!pending.includes(next)) pending.push(next)
      setText('')
      clearTimeout(timer)
      // A fresh text node after a tick, so assistive technology announces a repeat too.
      timer = setTimeout(() => {
        setText(pending.length > 1 ? pending.map(sentence).join(' ') : (pending[0] ?? ''))
        pending = []
      }, 50)
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      clearTimeout(timer)
    }
  }, [])
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      {text}
    </div>
  )
}
