import { z } from 'zod'
import { defineRoute, Reply } from '../registry'
import { resolveEntity, resolveLink } from '../../services/entity'
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
      const entity = await resolveEntity(ctx, input)
      return entity.type === 'not-found' ? new Reply(404, entity) : entity
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
      const entity = await resolveEntity(ctx, input, { localOnly: true })
      return entity.type === 'not-found' ? new Reply(404, entity) : entity
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
