import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/')({
  component: Home,
})

function Home() {
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(trpc.site.shell.queryOptions())
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-semibold">{data.options.title}</h1>
    </main>
  )
}
