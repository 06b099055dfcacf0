import { defineRoute } from '../registry'
import { ServicePriceInput, ServicePriceResult } from '../../contracts/services'
import { PostList, PostListInput } from '../../contracts/content'
import { servicePrice } from '../../services/services'
import { listPosts } from '../../services/content'
import { notFound } from '../../errors'

const tags = ['content']

export const contentRoutes = [
  defineRoute({
    method: 'GET',
    path: '/service-price/',
    summary:
      'Price of a service for the calculator inputs: `id` and `values[code]` (select option value or whole number); missing inputs take their defaults; an unknown option or a number off its range or step is 422',
    tags,
    input: ServicePriceInput,
    output: ServicePriceResult,
    errors: [404, 422],
    handler: (input, ctx) => servicePrice(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/service-price/',
    summary: 'The same calculation with a JSON or form body',
    tags,
    input: ServicePriceInput,
    output: ServicePriceResult,
    errors: [404, 422],
    handler: (input, ctx) => servicePrice(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/blog-list/',
    summary: 'Blog posts, newest first, a page at a time (`page` from 1); a page past the last is 404',
    tags,
    input: PostListInput,
    output: PostList,
    errors: [404, 422],
    handler: (input, ctx) => {
      const list = listPosts(ctx, input.page)
      if (input.page > list.pages) throw notFound()
      return list
    },
  }),
]
