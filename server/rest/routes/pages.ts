import { z } from 'zod'
import { defineRoute, JsonText, Reply } from '../registry'
import { resolveEntityText, resolveLink } from '../../services/entity'
import { Entity, EntityInput, LinkInput } from '../../contracts/entity'

const tags = ['pages']

export const pageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/entity/',
    summary: 'The page for a path and query (not-found answers 404, redirect carries status and url)',
    tags,
    input: EntityInput,
    output: Entity,
    errors: [404],
    handler: async (input, ctx) => {
      const { notFound, text } = await resolveEntityText(ctx, input)
      return notFound ? new Reply(404, JSON.parse(text)) : new JsonText(text)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/local/entity/',
    summary: 'The same, answered only from pages the app knows without content tables',
    tags,
    input: EntityInput,
    output: Entity,
    errors: [404],
    handler: async (input, ctx) => {
      const { notFound, text } = await resolveEntityText(ctx, input, { localOnly: true })
      return notFound ? new Reply(404, JSON.parse(text)) : new JsonText(text)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/link/',
    summary: 'The path of a named site link',
    tags,
    input: LinkInput,
    output: z.object({ link: z.string() }),
    errors: [404],
    handler: (input, ctx) => resolveLink(ctx, input.entity),
  }),
]
