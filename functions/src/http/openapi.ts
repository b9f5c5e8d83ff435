import * as z from 'zod'
import {
  ApiScope,
  NoContent,
  Page,
  Redirect,
  WebhookEvent,
  webhookPayloadOf,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@app/core'
import type { Route } from './define-route.ts'

type JsonSchema = Record<string, unknown>

/** A zod schema as JSON Schema (draft 2020-12, as OpenAPI 3.1 uses), as a client sends or receives it. */
const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** The fields of an object schema as parameters (path or query). */
const parametersOf = (schema: z.ZodType | undefined, where: 'path' | 'query'): OpenApiOperation['parameters'] => {
  if (!schema) return []
  const json = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }))
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

const successOf = (route: Route): OpenApiOperation['responses'] => {
  const response = route.response
  if (response === Redirect) return { '302': { description: 'A redirect (a sign-in step, a file link)' } }
  if (response === Page) return { '200': { description: 'An HTML page', content: { 'text/html': {} } } }
  if (response === undefined || response === NoContent) return { '204': { description: 'Done; no content' } }
  return {
    '200': { description: 'Success', content: { 'application/json': { schema: jsonSchema(response) } } },
  }
}

const securityOf = (route: Route): OpenApiOperation['security'] =>
  route.auth === 'public' ? [] : [{ session: [] }, ...(route.scope ? [{ apiToken: [route.scope] }] : [])]

/** `timesheets/update-status` → 'timesheets'. */
const tagOf = (key: string) => key.split('/')[0]!

/** `timesheets/update-status` → 'Update status'. */
const summaryOf = (key: string) => {
  const words = key.split('/')[1]!.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const operationOf = (key: string, route: Route): OpenApiOperation => ({
  operationId: key,
  summary: summaryOf(key),
  tags: [tagOf(key)],
  parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
  ...(route.body
    ? {
        requestBody: {
          required: !route.acceptsEmptyBody,
          content: { 'application/json': { schema: jsonSchema(route.body) } },
        },
      }
    : {}),
  responses: {
    ...successOf(route),
    '400': errorResponse('Invalid input: `message`, and `fields` naming each field at fault'),
    ...(route.auth === 'public'
      ? {}
      : {
          '401': errorResponse('Not signed in, or an unknown or revoked API token'),
          '403': errorResponse('Not allowed: a role below the route, or an API token without its scope'),
        }),
    ...(route.scope ? { '429': errorResponse('Too many requests with this API token this minute') } : {}),
  },
  security: securityOf(route),
  'x-access': route.auth,
  ...(route.scope ? { 'x-token-scope': route.scope } : {}),
})

/**
 * What each webhook event's delivery carries, from core's one definition of it (ids, statuses and
 * dates, so a receiver fetches the rest with an API token), as schemas named `webhook.<event>`.
 * Components rather than OpenAPI 3.1's `webhooks` map, so the reference's list of operations stays
 * the routes' alone; /developers lists the events and their fields beside it.
 */
const webhookSchemas = () =>
  Object.fromEntries(
    WebhookEvent.options.map((event) => [
      `webhook.${event}`,
      {
        ...jsonSchema(webhookPayloadOf(event)),
        description:
          `The body of a ${event} delivery, signed per Standard Webhooks. It carries ids, statuses and dates, ` +
          'never names, addresses, comments or kinds of leave: fetch the rest with an API token.',
      },
    ]),
  )

/** The OpenAPI 3.1 document of every route of the manifest, with the auth each needs. */
/** Its servers are left to the function that serves it, which knows its own origin. */
export const openApiDocument = (routes: Record<string, Route>): OpenApiDocument => {
  const paths: OpenApiDocument['paths'] = {}
  for (const [key, route] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(key, route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ministry Timesheets API',
      version: '1',
      description:
        'Every route of the product. Supervisors call the routes that name an API token scope with ' +
        '`Authorization: Bearer <token>` (Settings → API); the others need the app’s own session.',
    },
    servers: [],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session of a signed-in member' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: `An API token; its scopes: ${ApiScope.options.join(', ')}`,
        },
      },
      schemas: {
        ...webhookSchemas(),
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
          required: ['message'],
        },
      },
    },
  }
}
