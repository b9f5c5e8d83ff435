import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiScope, apiTokenMessages } from '@app/core'
import { keys, table } from '@app/data/testing'
import { callRoute, type TestRequest } from '../support/test-event.ts'
import { expectCleanRefusal } from './support/checks.ts'
import { figuresFor } from './support/figures.ts'
import { manifest, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, type Tenant } from './support/world.ts'

/**
 * API tokens, generated from the route manifest: a token of each scope against every
 * route. It reaches exactly the routes that declare its scope, as their owner's supervisor session
 * would, and every other route refuses it with 403 naming what is missing, changing nothing; an
 * unknown, revoked or expired token is 401 everywhere.
 */
const figures = figuresFor(import.meta.filename)
let a: Tenant
let b: Tenant
beforeAll(async () => {
  const tag = randomUUID().slice(0, 6)
  ;[a, b] = await Promise.all([makeTenant(`TokenA${tag} Church`), makeTenant(`TokenB${tag} Church`)])
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The owner's request for the route, carrying the token instead of any cookie. */
const withToken = (request: TestRequest, token: string): TestRequest => ({
  ...request,
  cookies: [],
  headers: { ...request.headers, ...bearer(token) },
})

describe('the manifest names a scope only where a token belongs', () => {
  it('every scope reaches some route, and no token reaches settings, billing, tokens, webhooks, credentials or passwords', () => {
    for (const scope of ApiScope.options)
      expect(
        manifest.some(([, r]) => r.scope === scope),
        scope,
      ).toBe(true)
    const never =
      /^\/api\/(organization|billing|subscription|create-subscription|start-trial|validate-coupon|tokens|webhooks|staff|login|logout|callback|auth|profile|payroll\/settings)/
    const reachable = manifest.filter(([, r]) => r.scope !== undefined)
    // The one read under /api/organization a token may make: the holiday calendar (time-off:read).
    const holidays = ([, r]: [RouteKey, Route]) =>
      r.method === 'GET' && r.path === '/api/organization/holidays' && r.scope === 'time-off:read'
    expect(reachable.filter((e) => never.test(e[1].path) && !holidays(e)).map(label)).toEqual([])
    expect(reachable.filter(([, r]) => r.path.includes('password')).map(label)).toEqual([])
    // Every write a token can make is a decision on a timesheet (the status PATCH, the bulk
    // approval, sending an approved week back) or on a time-off request.
    expect(
      reachable
        .filter(([, r]) => r.method !== 'GET')
        .map(([, r]) => `${r.scope} ${r.path}`)
        .sort(),
    ).toEqual([
      'time-off:decide /api/time-off/{id}/status',
      'timesheets:decide /api/timesheets/bulk-approve',
      'timesheets:decide /api/timesheets/{id}/send-back',
      'timesheets:decide /api/timesheets/{id}/status',
    ])
  })
})

describe('a token of each one scope against every route', () => {
  const tokens = new Map<ApiScope, string>()
  beforeAll(async () => {
    for (const scope of ApiScope.options) tokens.set(scope, (await a.freshApiToken([scope])).token)
  })

  it.each(manifest.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    // A route that keeps no session (the health check) is public and never reads a caller.
    const reaching = (scope: ApiScope) => route.scope === scope || route.keepsNoSession === true
    // The refusals share one owner's request and one look at the data before and after: a
    // refused request changes nothing, so none of them may.
    const refusing = ApiScope.options.filter((scope) => !reaching(scope))
    if (refusing.length) {
      const request = await ownerRequest(key, route, a)
      const before = await a.snapshot()
      for (const scope of refusing) {
        const res = await callRoute(route, withToken(request, tokens.get(scope)!))
        figures.cases()
        expect(res.status, `${scope}: ${res.text}`).toBe(403)
        expectCleanRefusal(res, key)
        expect(res.json.message, scope).toBe(
          route.scope ? apiTokenMessages.missingScope(route.scope) : apiTokenMessages.notAllowed,
        )
      }
      expect(await a.snapshot()).toEqual(before)
    }
    // Each reaching token gets its own request: a write it makes may use up the objects it names.
    for (const scope of ApiScope.options.filter(reaching)) {
      const res = await callRoute(route, withToken(await ownerRequest(key, route, a), tokens.get(scope)!))
      figures.cases()
      expect(res.status, `${scope}: ${res.text}`).toBeLessThan(400)
    }
  })
})

describe('an unknown, malformed, revoked or expired token is 401 on every route that needs a caller', () => {
  it('answers 401 and changes nothing', async () => {
    const revoked = await a.freshApiToken([...ApiScope.options])
    await a.db.apiTokens.revoke(revoked.id, a.by)
    // Made with an expiry, which then passed.
    const expired = await a.db.apiTokens.create(
      { name: 'Expired sync', scopes: [...ApiScope.options], expiresAt: new Date(Date.now() + 60_000).toISOString() },
      a.by,
    )
    await table.update(keys.apiToken(createHash('sha256').update(expired.token).digest('base64url')), {
      UpdateExpression: 'SET expiresAt = :at',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - 1000).toISOString() },
    })
    const attempts: [string, string][] = [
      ['an unknown token', `mtk_${randomBytes(32).toString('base64url')}`],
      ['a malformed token', `mtk_../../${'x'.repeat(200)}`],
      ['a revoked token', revoked.token],
      ['an expired token', expired.token],
    ]
    for (const [key, route] of manifest.filter(([, r]) => r.scope !== undefined)) {
      figures.route(key)
      const request = await ownerRequest(key, route, a)
      const before = await a.snapshot()
      for (const [what, token] of attempts) {
        const res = await callRoute(route, withToken(request, token))
        figures.cases()
        expect(res.status, `${key}, ${what}: ${res.text}`).toBe(401)
        expect(res.json.message).toBe(apiTokenMessages.invalid)
      }
      expect(await a.snapshot()).toEqual(before)
    }
  }, 60_000)

  it("a token never reaches another organization's objects", async () => {
    const { token } = await b.freshApiToken([...ApiScope.options])
    for (const [key, route] of manifest.filter(([, r]) => r.scope !== undefined && r.path.includes('{id}'))) {
      figures.route(key)
      const request = await ownerRequest(key, route, a)
      const before = await a.snapshot()
      const res = await callRoute(route, withToken(request, token))
      figures.cases()
      expect(res.status, `${key}: ${res.text}`).toBe(404)
      expect(await a.snapshot()).toEqual(before)
    }
  })
})
