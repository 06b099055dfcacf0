import type { PostCard as Post } from '../../../server/contracts/content'
import { AppLink } from '../ui/app-link'
import { formatDate } from '../../shell/format'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** A blog post teaser (blog list, related posts, home page). The whole card is one link. */
export function PostCard({ post, headingLevel = 'h2' }: { post: Post; headingLevel?: 'h2' | 'h3' }) {
  const t = useT()
  const Heading = headingLevel
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white transition focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <img
        src={post.image.src}
        width={post.image.width}
        height={post.image.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[1200/630] h-auto w-full bg-neutral-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap gap-x-3 text-sm text-neutral-500">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          <span>{t('blog.readingTime', { minutes: post.readingTime })}</span>
        </p>
        <Heading className="text-lg leading-snug font-semibold">
          <AppLink
            to={post.link}
            className="after:absolute after:inset-0 group-hover:text-brand-700 focus-visible:outline-none"
          >
            {post.title}
          </AppLink>
        </Heading>
        <p className="line-clamp-3 text-sm text-neutral-600">{post.excerpt}</p>
      </div>
    </article>
  )
}
