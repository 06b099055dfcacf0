import type { PageProps } from '../../lib/entity'

export default function HomePage({ entity }: PageProps) {
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{entity.meta.title}</h1>
      <p className="mt-2 text-neutral-600">{entity.meta.description}</p>
    </main>
  )
}
