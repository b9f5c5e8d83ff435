import { describe, expect, it } from 'vitest'
import { OpenApiDocument, WebhookEvent } from '@app/core'
import { routes } from '../routes.ts'
import { openApiDocument } from './openapi.ts'

const doc = OpenApiDocument.parse(openApiDocument(routes))
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
)
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])

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

  it('fails when a route differs from what it describes (the check can fail)', () => {
    const changed = { ...routes['members/list-members'], scope: undefined }
    const other = OpenApiDocument.parse(openApiDocument({ ...routes, 'members/list-members': changed }))
    expect(other.paths['/api/employees']!.get!['x-token-scope']).toBeUndefined()
    expect(doc.paths['/api/employees']!.get!['x-token-scope']).toBe('members:read')
  })
})
