import type { PageProps } from '../../lib/entity'
import { RuOnly, isRuOnly } from '../../shell/ru-only'
import { PageTitle } from '../../shell/page-title'
import { JsonLd, RichHtml } from '../../components/content/rich-html'
import { PostCard } from '../../components/content/post-card'
import { AppLink } from '../../components/ui/app-link'
import { formatDate } from '../../shell/format'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** A blog post: cover, date and reading time, the sanitized article, tags, related posts. */
export default function BlogPostPage({ entity }: PageProps<'blog-post'>) {
  const t = useT()
  const { post, related } = entity.data
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    image: post.image.src,
    datePublished: post.publishedAt,
    mainEntityOfPage: entity.meta.canonical ?? post.link,
    keywords: post.tags.join(', '),
  }
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <article className="max-w-3xl">
          <p className="-mt-3 mb-5 flex flex-wrap gap-x-4 text-sm text-neutral-500">
            <span>
              {t('blog.published')}: <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            </span>
            <span>{t('blog.readingTime', { minutes: post.readingTime })}</span>
          </p>
          <img
            src={post.image.src}
            width={post.image.width}
            height={post.image.height}
            alt={post.image.alt}
            fetchPriority="high"
            decoding="async"
            className="mb-8 aspect-[1200/630] h-auto w-full rounded-2xl bg-neutral-100 object-cover"
          />
          <RuOnly when={isRuOnly(post.ruOnly, 'excerpt')}>
            <p className="mb-6 text-lg text-neutral-700">{post.excerpt}</p>
          </RuOnly>
          <RuOnly when={isRuOnly(post.ruOnly, 'html')}>
            <RichHtml html={post.html} />
          </RuOnly>
          {post.tags.length > 0 && (
            <ul aria-label={t('blog.tags')} className="mt-8 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-neutral-100 px-3 py-1 text-sm text-neutral-700">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-8">
            <AppLink to="/blog/" className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
              ← {t('blog.back')}
            </AppLink>
          </p>
        </article>
        {related.length > 0 && (
          <section aria-labelledby="related-posts" className="mt-12">
            <h2 id="related-posts" className="mb-5 text-xl font-semibold tablet:text-2xl">
              {t('blog.related')}
            </h2>
            <ul className="grid gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
              {related.map((p) => (
                <li key={p.id} className="flex">
                  <PostCard post={p} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <JsonLd data={jsonLd} />
    </div>
  )
}
