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
import { dataStatus, type ErrorStatus, type Route } from './define-route.ts'

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

/** An error status: those a route declares, and those of every route of its kind. */
type Status = ErrorStatus | 400 | 415

/** What each error status means, whichever route answers it; every error has the one `Error` body. */
const errorMeaning: Record<Status, string> = {
  400: 'Invalid input: `message`, and `fields` naming each field at fault',
  401: 'Not signed in, a wrong credential, or an unknown or revoked API token',
  402: 'The organization’s subscription does not allow it (lapsed, or beyond its plan)',
  403:
    'Not allowed: a role below the route, an API token without its scope, a kiosk’s session outside ' +
    'the kiosk routes, a change sent from another site, or what this caller may not do',
  404: 'Not found: what the request names (or its organization) does not exist, or is outside the caller’s campuses',
  409: 'The request conflicts with the current state (already done or decided, changed elsewhere, not connected)',
  410: 'Gone: an emailed link that has expired',
  415: 'The body is not JSON',
  429:
    'Too many requests (an API token’s limit this minute, a kiosk PIN or kiosk locked by wrong PINs, a ' +
    'staff sign-in locked by failed attempts, or too many tries); try again later, after `Retry-After` ' +
    'seconds when it is given',
  503: 'A service it needs is not available; try again later',
}

/**
 * The errors a route may answer, from its declaration: those of every route of its kind (the
 * wrapper's own refusals: input, session, role and token scope, body type, token rate), and the
 * ones its own code throws, which it declares in `errors`.
 */
const errorStatusesOf = (route: Route): Status[] => {
  const common: Status[] = [
    400,
    ...(route.auth === 'public' ? [] : [401 as const]),
    // The session middleware refuses a kiosk's session on any other route, and CSRF a cross-site change.
    ...(route.keepsNoSession ? [] : [403 as const]),
    ...(route.hasBody ? [415 as const] : []),
    ...(route.scope ? [429 as const] : []),
  ]
  return [...new Set([...common, ...route.errors])].sort((a, b) => a - b)
}

/** Headers an error status may carry beside its body. */
const errorHeaders: Partial<Record<Status, Record<string, unknown>>> = {
  429: {
    'Retry-After': {
      description:
        'Seconds until a try may pass again: until the next minute for an API token’s limit, until the ' +
        'lock ends for a kiosk PIN, a kiosk or a staff sign-in',
      schema: { type: 'integer', minimum: 1 },
    },
  },
}

/** Each error status once, shared by every operation that may answer it (a smaller document). */
const errorResponses = () =>
  Object.fromEntries(
    Object.entries(errorMeaning).map(([status, description]) => {
      const headers = errorHeaders[Number(status) as Status]
      return [
        status,
        {
          description,
          ...(headers ? { headers } : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]
    }),
  )

const successOf = (route: Route): OpenApiOperation['responses'] => {
  const response = route.response
  if (response === Redirect) return { '302': { description: 'A redirect (a sign-in step, a file link)' } }
  if (response === Page) return { '200': { description: 'An HTML page', content: { 'text/html': {} } } }
  if (response === undefined || response === NoContent) return { '204': { description: 'Done; no content' } }
  const status = dataStatus(route.created)
  return {
    [status]: {
      description: status === 201 ? 'Created' : 'Success',
      content: { 'application/json': { schema: jsonSchema(response) } },
    },
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
    ...Object.fromEntries(
      errorStatusesOf(route).map((status) => [status, { $ref: `#/components/responses/${status}` }]),
    ),
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
      responses: errorResponses(),
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
