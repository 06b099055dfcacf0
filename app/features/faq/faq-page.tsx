import { useState, type KeyboardEvent } from 'react'
import { RuOnly, isRuOnly } from '../../shell/ru-only'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { JsonLd, RichHtml } from '../../components/content/rich-html'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/**
 * FAQ: questions grouped by topic, each an accordion item (WAI-ARIA accordion pattern):
 * a real <button> with aria-expanded / aria-controls, Enter and Space toggle, ↑ ↓ Home End move
 * between questions. Answers are in the server HTML (hidden, not absent) and in FAQPage JSON-LD.
 */
export default function FaqPage({ entity }: PageProps<'faq'>) {
  const t = useT()
  const { groups } = entity.data
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
    if (!keys.includes(e.key)) return
    const all = [...document.querySelectorAll<HTMLButtonElement>('[data-faq-question]')]
    const i = all.indexOf(e.currentTarget)
    const target =
      e.key === 'Home'
        ? all[0]
        : e.key === 'End'
          ? all.at(-1)
          : all[(i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length]
    if (target) {
      e.preventDefault()
      target.focus()
    }
  }

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((g) =>
      g.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  }

  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        {groups.length > 1 && (
          <nav aria-label={t('faq.groups')} className="mb-8">
            <ul className="flex flex-wrap gap-2">
              {groups.map((g) => (
                <li key={g.id}>
                  <a
                    href={`#faq-${g.slug}`}
                    className="inline-block rounded-full border border-neutral-300 px-3 py-1.5 text-sm hover:border-brand-600 hover:text-brand-700"
                  >
                    {g.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex max-w-3xl flex-col gap-10">
          {groups.map((g) => (
            <section key={g.id} id={`faq-${g.slug}`} aria-labelledby={`faq-${g.slug}-title`} className="scroll-mt-6">
              <h2 id={`faq-${g.slug}-title`} className="mb-3 text-xl font-semibold tablet:text-2xl">
                {g.title}
              </h2>
              <div className="divide-y divide-neutral-200 border-y border-neutral-200">
                {g.items.map((item) => {
                  const expanded = open.has(item.id)
                  const buttonId = `faq-q-${item.id}`
                  const panelId = `faq-a-${item.id}`
                  return (
                    <div key={item.id}>
                      <h3>
                        <button
                          id={buttonId}
                          type="button"
                          data-faq-question=""
                          aria-expanded={expanded}
                          aria-controls={panelId}
                          onClick={() => toggle(item.id)}
                          onKeyDown={onKeyDown}
                          className="flex min-h-12 w-full items-center justify-between gap-4 py-4 text-left text-base font-medium hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        >
                          <span>{item.question}</span>
                          <svg
                            aria-hidden="true"
                            viewBox="0 0 20 20"
                            width="20"
                            height="20"
                            className={`shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                          >
                            <path
                              d="M5 7.5l5 5 5-5"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2"
                              strokeLinecap="round"
                              strokeLinejoin="round"
                            />
                          </svg>
                        </button>
                      </h3>
                      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="pb-5">
                        <RuOnly when={isRuOnly(item.ruOnly, 'answer')}>
                          <RichHtml html={item.answer} />
                        </RuOnly>
                      </div>
                    </div>
                  )
                })}
              </div>
            </section>
          ))}
        </div>
      </div>
      <JsonLd data={jsonLd} />
    </div>
  )
}
