import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../components/layout/page-title'

interface ContentData {
  slug: string
  title: string
  html: string
}

/** About, delivery, payment, privacy, requisites: HTML written by the shop in seed/data/pages.ts. */
export default function ContentPage({ entity }: PageProps<ContentData>) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pb-12">
      <PageTitle entity={entity} />
      <article className="prose-content" dangerouslySetInnerHTML={{ __html: entity.data.html }} />
    </main>
  )
}
