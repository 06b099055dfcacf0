import { AppLink as Link } from '../components/ui/app-link'
import type { Entity } from '../lib/entity'
import { keepCodes } from '../components/ui/keep-codes'

/**
 * Breadcrumbs and the page heading (shared page furniture, spec §2). `nested`: inside a page's
 * own padded container (cart, checkout, orders), which already indents it (issue 29 §8).
 */
export function PageTitle({ entity, nested }: { entity: Entity; nested?: boolean }) {
  return (
    <div className={nested ? 'pt-6' : 'mx-auto max-w-7xl px-4 pt-6'}>
      {entity.breadcrumbs.length > 0 && (
        <nav aria-label="breadcrumbs" className="text-sm text-neutral-600">
          <ol className="flex flex-wrap gap-1">
            {entity.breadcrumbs.map((c, i) => (
              <li key={c.link} className="flex items-center gap-1">
                {i > 0 && <span aria-hidden="true">/</span>}
                {i === entity.breadcrumbs.length - 1 ? (
                  <span aria-current="page">{keepCodes(c.label)}</span>
                ) : (
                  <Link to={c.link} className="hover:text-brand-700 hover:underline">
                    {c.label}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h1 className="mt-3 mb-6 text-2xl font-semibold break-words hyphens-auto tablet:text-3xl">
        {keepCodes(entity.meta.title)}
      </h1>
    </div>
  )
}
