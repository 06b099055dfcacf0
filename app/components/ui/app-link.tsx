import { Link, type LinkProps } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A site path from the database (nav items, entity links): every page is one catch-all route. */
  to: string
  children?: ReactNode
  preload?: LinkProps['preload']
  replace?: boolean
  /** A place on the page (`booking` → `#booking`). */
  hash?: string
}

/** Client-side link to any site path (typed routes cannot list database paths). */
export function AppLink({ to, children, ...rest }: Props) {
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  )
}
