import type { PageProps } from '../../lib/entity'
import { RuOnly, isRuOnly } from '../../shell/ru-only'
import { PageTitle } from '../../shell/page-title'
import { RichHtml } from '../../components/content/rich-html'

/** About, delivery, payment, privacy, requisites: the shop's HTML from the database, sanitized on the server. */
export default function ContentPage({ entity }: PageProps<'page'>) {
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <article className="max-w-3xl">
          <RuOnly when={isRuOnly(entity.data.ruOnly, 'html')}>
            <RichHtml html={entity.data.html} />
          </RuOnly>
        </article>
      </div>
    </div>
  )
}
