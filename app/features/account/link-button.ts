/** A text button that looks like a link (the login panel's "Forgot password?", "Back to sign-in"). */
export const linkButton =
  'text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600'
