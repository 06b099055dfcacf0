import { Fragment, type ReactNode } from 'react'

/** A word joining digits with hyphens (an order number HC-2611-000001, "2-в-1"): a line break must not split it. */
const CODE = /((?<!\S)(?=\S*\d)(?=\S*-)\S+)/u

/**
 * The text with each code-like word (digits and hyphens, no space) kept on one line: an order
 * number in a heading or a notice never breaks at its hyphens on a phone (issue 17).
 */
export function keepCodes(text: string): ReactNode {
  const parts = text.split(CODE)
  if (parts.length === 1) return text
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
}
