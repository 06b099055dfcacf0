/**
 * Shared button looks, so every action on the site matches. Plain class strings: importing them
 * costs nothing (import from here, not from ./dialog, which brings the Radix dialog along).
 */
export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-full border border-neutral-300 bg-white px-6 py-2.5 font-medium text-ink hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
} as const
