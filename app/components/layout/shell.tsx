import type { ReactNode } from 'react'
import { AppLink as Link } from '../ui/app-link'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

/** Header, content and footer around every page. */
export function Shell({ children }: { children: ReactNode }) {
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(trpc.site.shell.queryOptions())
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-neutral-200">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-4">
          <Link to="/" className="text-xl font-semibold text-brand-700">
            {data.options.title}
          </Link>
          <nav aria-label="main">
            <ul className="flex flex-wrap gap-4">
              {data.navHeader.map((item) => (
                <li key={item.id}>
                  <Link to={item.link}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-neutral-200 bg-neutral-50">
        <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-neutral-600">{data.options.copyright}</div>
      </footer>
    </div>
  )
}
