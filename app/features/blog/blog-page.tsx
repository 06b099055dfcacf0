import { Link } from '@tanstack/react-router'
import { pagePath, type PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { PostCard } from '../../components/content/post-card'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** The blog: newest posts first, real page links (`/blog/?page=2`) so every page is crawlable. */
export default function BlogPage({ entity }: PageProps<'blog'>) {
  const { items, page, pages } = entity.data
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <ul className="grid gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
          {items.map((post) => (
            <li key={post.id} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        <BlogPagination page={page} pages={pages} />
      </div>
    </div>
  )
}

function BlogPagination({ page, pages }: { page: number; pages: number }) {
  const t = useT()
  if (pages <= 1) return null
  const search = (p: number) => (p > 1 ? { page: p } : {})
  const cls =
    'flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600'
  return (
    <nav aria-label={t('blog.pages')} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link
          to={pagePath('/blog/')}
          search={search(page - 1)}
          rel="prev"
          className={`${cls} hover:bg-neutral-100`}
          aria-label={t('blog.prev')}
        >
          ←
        </Link>
      )}
      {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
        <Link
          key={p}
          to={pagePath('/blog/')}
          search={search(p)}
          aria-label={t('blog.page', { page: p })}
          aria-current={p === page ? 'page' : undefined}
          className={`${cls} ${p === page ? 'bg-brand-600 text-white' : 'hover:bg-neutral-100'}`}
        >
          {p}
        </Link>
      ))}
      {page < pages && (
        <Link
          to={pagePath('/blog/')}
          search={search(page + 1)}
          rel="next"
          className={`${cls} hover:bg-neutral-100`}
          aria-label={t('blog.next')}
        >
          →
        </Link>
      )}
    </nav>
  )
}
