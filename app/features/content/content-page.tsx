import type { PageProps } from '../../lib/entity'
import type { ContentPageData } from '../../../server/contracts/content'
import { PageTitle } from '../../components/layout/page-title'
import { RichHtml } from '../../components/content/rich-html'

/** About, delivery, payment, privacy, requisites: the shop's HTML from the database, sanitized on the server. */
export default function ContentPage({ entity }: PageProps<ContentPageData>) {
  return (
    <main id="main">
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <article className="max-w-3xl">
          <RichHtml html={entity.data.html} />
        </article>
      </div>
    </main>
  )
}
