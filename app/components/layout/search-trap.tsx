import type { RefObject } from 'react'
import { useFocusTrap } from './use-focus-trap'

/**
 * The search dropdown's focus trap (header.tsx): a chunk of its own, fetched with the dropdown's
 * first opening like the drawer's (ADR 026, 031). While open, focus moves to the search field and
 * stays in the panel; on close it returns to the search button.
 */
export default function SearchTrap({
  panel,
  active,
  input,
  button,
}: {
  panel: RefObject<HTMLElement | null>
  active: boolean
  input: RefObject<HTMLInputElement | null>
  button: RefObject<HTMLButtonElement | null>
}) {
  useFocusTrap(panel, active, { initial: () => input.current, returnTo: button })
  return null
}
