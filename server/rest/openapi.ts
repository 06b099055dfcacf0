import { z } from 'zod'
import { isEnabled, type RouteDef } from './registry'

type JsonSchema = Record<string, unknown>

/** Shared definitions (recursive schemas such as navigation trees) end up in components.schemas. */
let components: Record<string, JsonSchema> = {}

function toSchema(schema: z.ZodType, io: 'input' | 'output', name: string): JsonSchema {
  let json: JsonSchema
  try {
    json = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'ref' })
  } catch {
    return {}
  }
  delete json.$schema
  const defs = json.$defs as Record<string, JsonSchema> | undefined
  if (!defs) return json
  delete json.$defs
  // Local "#/$defs/x" pointers would dangle inside the bigger document: move them.
  let text = JSON.stringify(json)
  let defsText = JSON.stringify(defs)
  for (const key of Object.keys(defs)) {
    const target = `#/components/schemas/${name}_${key}`.replace(/[^\w#/.-]/g, '_')
    text = text.split(`"#/$defs/${key}"`).join(`"${target}"`)
    defsText = defsText.split(`"#/$defs/${key}"`).join(`"${target}"`)
  }
  for (const [key, def] of Object.entries(JSON.parse(defsText) as Record<string, JsonSchema>)) {
    components[`${name}_${key}`.replace(/[^\w.-]/g, '_')] = def
  }
  return JSON.parse(text) as JsonSchema
}

const ErrorBody: JsonSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'First message per field' },
  },
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Sign-in required',
  403: 'Forbidden (includes a foreign Origin on a mutation)',
  404: 'Unknown route or object',
  405: 'Method not allowed',
  409: 'Conflict (stock, state)',
  413: 'Body over 1 MiB',
  415: 'Unsupported content type',
  422: 'Validation failed',
  429: 'Rate limited',
  503: 'An outside service (SMS gateway, mail, acquirer) failed; nothing was done, try again',
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: RouteDef[], version = '1.0.0') {
  components = {}
  const paths: Record<string, Record<string, unknown>> = {}
  for (const r of routes) {
    if (r.hidden || !isEnabled(r)) continue
    const path = '/api' + r.path
    const pathParams = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
    const opName = `${r.method.toLowerCase()}_${r.path
      .replace(/[{}]/g, '')
      .replace(/[^a-zA-Z0-9]+/g, '_')
      .replace(/^_|_$/g, '')}`
    const input = toSchema(r.input, 'input', `${opName}_input`)
    const parameters: unknown[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const op: Record<string, unknown> = {
      operationId: opName,
      summary: r.summary,
      tags: r.tags,
    }
    if (r.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((input.required as string[] | undefined) ?? [])
      for (const [name, schema] of Object.entries(props)) {
        const isObject = schema.type === 'object' || Array.isArray(schema.anyOf)
        parameters.push({
          name,
          in: 'query',
          required: required.has(name),
          schema,
          ...(isObject ? { style: 'deepObject', explode: true } : {}),
        })
      }
    } else {
      op.requestBody = {
        required: Array.isArray(input.required) && input.required.length > 0,
        content: {
          'application/json': { schema: input },
          'application/x-www-form-urlencoded': { schema: input },
        },
      }
    }
    if (parameters.length) op.parameters = parameters
    const responses: Record<string, unknown> = {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: r.output ? toSchema(r.output, 'output', `${opName}_output`) : {} } },
      },
    }
    const statuses = new Set([...(r.errors ?? []), 422, 405])
    if (r.method !== 'GET') statuses.add(403).add(413).add(415)
    for (const s of [...statuses].sort()) {
      responses[String(s)] = {
        description: STATUS_TEXT[s] ?? 'Error',
        content: { 'application/json': { schema: ErrorBody } },
      }
    }
    op.responses = responses
    paths[path] ??= {}
    paths[path][r.method.toLowerCase()] = op
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hair & Care storefront API',
      version,
      description:
        'REST contract of the storefront. Every route also answers without the trailing slash. Bodies: JSON or form-encoded with bracket notation; snake_case keys are accepted. Session: `sid` cookie.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    },
  }
}
