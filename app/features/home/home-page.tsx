import type { ReactNode } from 'react'
import type { PageProps } from '../../lib/entity'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { ProductCard } from '../../components/product/product-card'
import { ServiceCard } from '../../components/content/service-card'
import { PostCard } from '../../components/content/post-card'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

/** The home page: hero (1920×560), catalog sections, popular products, services, latest posts. */
export default function HomePage({ entity }: PageProps<'index'>) {
  const t = useT()
  const { hero, sections, products, services, posts } = entity.data
  return (
    <div>
      <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-neutral-100">
        <img
          src={hero.image.src}
          width={hero.image.width}
          height={hero.image.height}
          alt={hero.image.alt}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div className="mx-auto flex min-h-[320px] max-w-7xl items-center px-4 py-10 tablet:aspect-[1920/560] tablet:max-h-[560px] tablet:w-full">
          <div className="max-w-xl rounded-2xl bg-white/75 p-5 backdrop-blur-sm tablet:p-8">
            <h1
              id="hero-title"
              className="text-2xl font-semibold tracking-tight text-balance hyphens-auto text-ink phone-l:text-3xl tablet:text-4xl laptop:text-5xl"
            >
              {hero.title}
            </h1>
            <p className="mt-3 text-base text-neutral-700 tablet:text-lg">{hero.subtitle}</p>
            <AppLink to={hero.link} className={`${buttonClass.primary} mt-5`}>
              {t('home.heroCta')}
            </AppLink>
          </div>
        </div>
      </section>

      <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-10 tablet:py-14">
        {sections.length > 0 && (
          <Block id="home-sections" title={t('home.sections')} more={{ to: '/catalog/', label: t('home.allCatalog') }}>
            <ul className="flex flex-wrap gap-3">
              {sections.map((s) => (
                <li key={s.id} className="flex flex-[1_1_9rem] tablet:flex-[1_1_11rem]">
                  <AppLink
                    to={s.link}
                    className="flex min-h-16 w-full items-center justify-center rounded-2xl border border-neutral-200 bg-brand-50 px-3 py-4 text-center font-medium text-ink hover:border-brand-600 hover:text-brand-700"
                  >
                    {s.title}
                  </AppLink>
                </li>
              ))}
            </ul>
          </Block>
        )}

        {products.length > 0 && (
          <Block id="home-popular" title={t('home.popular')} more={{ to: '/catalog/', label: t('home.allCatalog') }}>
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 tablet:gap-4 laptop:grid-cols-4">
              {products.map((card) => (
                <li key={card.id} className="flex [&>*]:w-full">
                  <ProductCard card={card} />
                </li>
              ))}
            </ul>
          </Block>
        )}

        {services.length > 0 && (
          <Block
            id="home-services"
            title={t('home.services')}
            more={{ to: '/services/', label: t('home.allServices') }}
          >
            <ul className="grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3">
              {services.map((s) => (
                <li key={s.id} className="flex">
                  <ServiceCard service={s} />
                </li>
              ))}
            </ul>
          </Block>
        )}

        {posts.length > 0 && (
          <Block id="home-posts" title={t('home.posts')} more={{ to: '/blog/', label: t('home.allPosts') }}>
            <ul className="grid gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
              {posts.map((p) => (
                <li key={p.id} className="flex">
                  <PostCard post={p} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </Block>
        )}
      </div>
    </div>
  )
}

function Block({
  id,
  title,
  more,
  children,
}: {
  id: string
  title: string
  more: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-semibold tablet:text-3xl">
          {title}
        </h2>
        <AppLink
          to={more.to}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
        >
          {more.label}
        </AppLink>
      </div>
      {children}
    </section>
  )
}
