/**
 * `use-sync-external-store/shim` in the browser build (vite.config.ts): the shim (required by
 * `use-sync-external-store/shim/with-selector`, which @tanstack/react-store imports) answers
 * React's own `useSyncExternalStore` whenever React has one, as React 19 does; its fallback for
 * older Reacts is dead code every first load paid for.
 */
export { useSyncExternalStore } from 'react'
