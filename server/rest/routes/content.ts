import type { z } from 'zod'
import type { Ctx } from '../../context'
import { defineRoute } from '../registry'
import { ServicePriceInput, ServicePriceResult } from '../../contracts/services'
import { PostList, PostListInput } from '../../contracts/content'
import { servicePrice } from '../../services/services'
import { listPosts } from '../../services/content'
import { notFound } from '../../errors'

const tags = ['content']

/** The service calculator answers the same to a query string (GET) and to a body (POST). */
const servicePriceRoute = {
  path: '/service-price/',
  tags,
  input: ServicePriceInput,
  output: ServicePriceResult,
  errors: [404, 422],
  handler: (input: z.output<typeof ServicePriceInput>, ctx: Ctx) => servicePrice(ctx, input),
}

export const contentRoutes = [
  defineRoute({
    ...servicePriceRoute,
    method: 'GET',
    summary:
      'Price of a service for the calculator inputs: `id` and `values[code]` (select option value or whole number); missing inputs take their defaults; an unknown option or a number off its range or step is 422',
  }),
  defineRoute({ ...servicePriceRoute, method: 'POST', summary: 'The same calculation with a JSON or form body' }),
  defineRoute({
    method: 'GET',
    path: '/blog-list/',
    summary: 'Blog posts, newest first, a page at a time (`page` from 1); a page past the last is 404',
    tags,
    input: PostListInput,
    output: PostList,
    errors: [404, 422],
    handler: async (input, ctx) => {
      const list = await listPosts(ctx, input.page)
      if (input.page > list.pages) throw notFound()
      return list
    },
  }),
]
