import { beforeAll, describe, expect, it } from 'vitest'
import { OpenApiDocument, WebhookEvent } from '@app/core'
import { thrownStatusReader } from '../../test/support/thrown-statuses.ts'
import { routes } from '../routes.ts'
import { openApiDocument } from './openapi.ts'

const doc = OpenApiDocument.parse(openApiDocument(routes))
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
)
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
const operationOf = (route: { path: string; method: string }) => doc.paths[route.path]![route.method.toLowerCase()]!
const statusesOf = (route: { path: string; method: string }) => Object.keys(operationOf(route).responses).map(Number)

/** GET /api/openapi.json is generated from the manifest: a route missing from it or described otherwise fails here. */
describe('the published OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per manifest route, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(Object.keys(routes).sort())
    expect(operations).toHaveLength(Object.keys(routes).length)
  })

  it.each(Object.entries(routes))('describes %s as the manifest declares it', (key, route) => {
    const op = doc.paths[route.path]?.[route.method.toLowerCase()]
    expect(op, `${route.method} ${route.path}`).toBeDefined()
    expect(op!.operationId).toBe(key)
    expect(op!['x-access']).toBe(route.auth)
    expect(op!['x-token-scope']).toBe(route.scope)
    // The auth it needs: none, a session, or a session or a token of its scope.
    expect(op!.security).toEqual(
      route.auth === 'public' ? [] : [{ session: [] }, ...(route.scope ? [{ apiToken: [route.scope] }] : [])],
    )
    // Every path parameter, and the body exactly when the route parses one.
    expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams(route.path))
    expect(op!.requestBody !== undefined).toBe(route.hasBody)
    const success = Object.keys(op!.responses).filter((s) => s < '400')
    expect(success).toHaveLength(1)
  })

  it('describes what each webhook event carries, from core: ids, statuses and dates, no personal data', () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, unknown> }>
    for (const event of WebhookEvent.options) expect(schemas[`webhook.${event}`], event).toBeDefined()
    const dataOf = (event: string) =>
      schemas[`webhook.${event}`]!.properties.data as {
        properties: Record<string, unknown>
        additionalProperties: boolean
      }
    expect(Object.keys(dataOf('member.added').properties).sort()).toEqual(['by', 'memberId', 'role'])
    expect(Object.keys(dataOf('time_off.approved').properties)).not.toContain('kind')
    expect(Object.keys(dataOf('timesheet.rejected').properties)).not.toContain('comments')
    expect(dataOf('timesheet.approved').additionalProperties).toBe(false)
  })

  it('gives request and response schemas from the zod schemas', () => {
    const create = doc.paths['/api/tokens']!.post!
    const body = create.requestBody!.content['application/json'].schema as {
      properties: Record<string, unknown>
      required: string[]
    }
    expect(Object.keys(body.properties).sort()).toEqual(['expiresAt', 'name', 'scopes'])
    expect(body.required.sort()).toEqual(['name', 'scopes'])
    expect(JSON.stringify(body.properties.scopes)).toContain('timesheets:read')
    const answer = (
      create.responses['200'] as unknown as { content: { 'application/json': { schema: { required: string[] } } } }
    ).content['application/json'].schema
    expect(answer.required).toEqual(expect.arrayContaining(['id', 'name', 'scopes', 'token', 'createdAt']))
    const list = doc.paths['/api/timesheets']!.get!
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:status', 'query:cursor']),
    )
    expect(list['x-token-scope']).toBe('timesheets:read')
  })

  it('describes a day’s spans on the saves and the answers', () => {
    const save = doc.paths['/api/timesheets/draft/{id}']!.put!
    const body = save.requestBody!.content['application/json'].schema as { properties: Record<string, unknown> }
    expect(JSON.stringify(body.properties.sundaySpans)).toMatch(/"start".*"end"/)
    const answer = JSON.stringify(save.responses['200'])
    expect(answer).toContain('mondaySpans')
  })

  it("names time off's scopes and lists them with the token scheme", () => {
    expect(doc.paths['/api/time-off']!.get!['x-token-scope']).toBe('time-off:read')
    expect(doc.paths['/api/organization/holidays']!.get!['x-token-scope']).toBe('time-off:read')
    expect(doc.paths['/api/time-off/{id}/status']!.patch!.security).toEqual([
      { session: [] },
      { apiToken: ['time-off:decide'] },
    ])
    expect(doc.paths['/api/time-off']!.post!['x-token-scope']).toBeUndefined()
    expect(JSON.stringify(doc.components)).toContain('time-off:read, time-off:decide')
  })

  it('answers a route that creates with 201, and one that answers nothing with 204', () => {
    expect(statusesOf(routes['kiosk/create-kiosk'])[0]).toBe(201)
    expect(statusesOf(routes['tokens/revoke-token'])[0]).toBe(204)
    expect(statusesOf(routes['members/list-members'])[0]).toBe(200)
    expect(statusesOf(routes['auth/login'])[0]).toBe(302)
  })

  it('describes every error with the one shared error body, and every reference resolves', () => {
    const shared = doc.components.responses as Record<string, unknown>
    for (const { path, method, op } of operations) {
      for (const [status, response] of Object.entries(op.responses).filter(([s]) => Number(s) >= 400)) {
        expect(response, `${method} ${path} ${status}`).toEqual({ $ref: `#/components/responses/${status}` })
        expect(shared[status], status).toMatchObject({
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        })
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)]
    const components = doc.components as Record<string, Record<string, unknown>>
    expect(refs.filter(([, kind, name]) => !components[kind!]?.[name!]).map(([ref]) => ref)).toEqual([])
  })

  it('names the errors each route declares beside those of its kind', () => {
    expect(statusesOf(routes['kiosk/punch'])).toEqual(expect.arrayContaining([401, 403, 404, 409, 429]))
    expect(statusesOf(routes['timesheets/download-csv'])).toEqual(expect.arrayContaining([404, 409, 429]))
    expect(statusesOf(routes['members/add-member'])).toEqual(expect.arrayContaining([402, 404, 409, 415]))
    // A link we did not sign answers its page with 404; an expired one, 410.
    expect(statusesOf(routes['notifications/show-unsubscribe'])).toContain(404)
    expect(statusesOf(routes['email-decisions/show-decision'])).toEqual(expect.arrayContaining([404, 409, 410]))
    // The health check keeps no session and parses nothing: only its own answers.
    expect(statusesOf(routes['health/get-health'])).toEqual([200, 400])
  })

  it('declares Retry-After on the shared 429, which the token limit and the lockouts answer', () => {
    const shared = doc.components.responses as Record<string, { headers?: Record<string, { schema: unknown }> }>
    expect(shared['429']!.headers?.['Retry-After']?.schema).toEqual({ type: 'integer', minimum: 1 })
    expect(shared['409']!.headers).toBeUndefined()
    for (const key of ['kiosk/punch', 'staff/staff-login', 'members/list-members'] as const)
      expect(statusesOf(routes[key]), key).toContain(429)
  })

  it('fails when a route differs from what it describes (the check can fail)', () => {
    const changed = { ...routes['members/list-members'], scope: undefined }
    const other = OpenApiDocument.parse(openApiDocument({ ...routes, 'members/list-members': changed }))
    expect(other.paths['/api/employees']!.get!['x-token-scope']).toBeUndefined()
    expect(doc.paths['/api/employees']!.get!['x-token-scope']).toBe('members:read')
  })
})

/**
 * Every status a route's own code can throw is in the document: its code, followed through the
 * workflows, the data layer and core, is read for the error helpers it reaches. And what a route
 * declares in `errors` is something its code can throw, so the document claims nothing it cannot answer.
 */
describe('the errors each route can answer', () => {
  const thrown = new Map<string, number[]>()
  const thrownBy = (key: string) => thrown.get(key)!
  // Reading the whole program's types takes seconds, more on a loaded machine: done once, here.
  beforeAll(() => {
    const read = thrownStatusReader()
    for (const key of Object.keys(routes)) thrown.set(key, read(key))
  }, 180_000)

  it('finds what the code throws, through helpers and the data layer (the check can fail)', () => {
    expect(thrownBy('kiosk/punch')).toEqual(expect.arrayContaining([401, 404, 409, 429]))
    // conflict() in the route, notFound() in the data layer's read of the timesheet.
    expect(thrownBy('timesheets/download-csv')).toEqual(expect.arrayContaining([404, 409]))
    // Through a route factory: the removal's own callback, and the vendor send's workflow.
    expect(thrownBy('tokens/revoke-token')).toContain(404)
    expect(thrownBy('integrations/send-gusto')).toEqual(expect.arrayContaining([400, 409]))
    expect(thrownBy('health/get-health')).toEqual([])
    // Answered rather than thrown: an emailed link's page that says why it cannot be used.
    expect(thrownBy('notifications/show-unsubscribe')).toContain(404)
    expect(thrownBy('email-decisions/show-decision')).toEqual(expect.arrayContaining([404, 409, 410]))
  })

  it.each(Object.entries(routes))('documents every status %s can throw, and declares no other', (key, route) => {
    const statuses = thrownBy(key)
    expect(statuses.filter((status) => !statusesOf(route).includes(status))).toEqual([])
    expect(route.errors.filter((status) => !statuses.includes(status))).toEqual([])
  })
})
