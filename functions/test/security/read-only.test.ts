import { createHash } from 'node:crypto'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { clients } from '@app/adapters'
import { sessions } from '@app/data'
import { keys, table } from '@app/data/testing'
import { sessionCookieName } from '../../src/http/cookies.ts'
import { callRoute, type TestRequest } from '../support/test-event.ts'
import { figuresFor } from './support/figures.ts'
import { manifest, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, type Tenant } from './support/world.ts'

/**
 * A route declared 'table:read' gets only GetItem, BatchGetItem and Query on AWS, plus UpdateItem and DeleteItem
 * on session and API token items (infra: constructs/api.ts). The emulators check no IAM, so here every call the
 * route makes through the DynamoDB client is watched: anything else (a put, a transaction, a write
 * to another item) fails the test, as AccessDenied would on AWS.
 */
const readRoutes = manifest.filter(([, r]) => r.uses.includes('table:read'))
const figures = figuresFor(import.meta.filename)

/** What IAM would check of one document client command: its action and the partition keys it writes. */
const asIam = (command: object): { action: string; writes: string[] } => {
  const name = command.constructor.name.replace(/Command$/, '')
  const input = (command as { input: Record<string, unknown> }).input
  const action =
    {
      Get: 'GetItem',
      BatchGet: 'BatchGetItem',
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      Query: 'Query',
      Scan: 'Scan',
    }[name] ?? name // BatchWrite, TransactWrite...: none is granted to a read-only route
  const key = (input.Key ?? input.Item) as { pk?: string } | undefined
  return { action, writes: key?.pk ? [key.pk] : [] }
}

/** Runs `call` and answers every table call it made that a 'table:read' role would refuse. */
const refusedCalls = async <T>(call: () => Promise<T>) => {
  const client = clients.dynamo
  const send = vi.spyOn(client, 'send')
  try {
    const result = await call()
    const calls = send.mock.calls.map(([command]) => asIam(command))
    const refused = calls.flatMap(({ action, writes }) => {
      if (action === 'GetItem' || action === 'BatchGetItem' || action === 'Query') return []
      if (
        (action === 'UpdateItem' || action === 'DeleteItem') &&
        writes.every((pk) => pk.startsWith('SESSION#') || pk.startsWith('APITOKEN#'))
      )
        return writes.length ? [] : [`${action} without a key`]
      return [`${action} ${writes.join(', ')}`.trim()]
    })
    return { result, calls, refused }
  } finally {
    send.mockRestore()
  }
}

const sha = (sid: string) => createHash('sha256').update(sid).digest('base64url')
const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`

let t: Tenant
beforeAll(async () => {
  t = await makeTenant(`ReadOnly${randomUUID().slice(0, 6)} Church`)
}, 60_000)

describe("'table:read' routes only read the table", () => {
  it('are some of the routes, not all', () => {
    expect(readRoutes.length).toBeGreaterThan(5)
    expect(readRoutes.length).toBeLessThan(manifest.length)
  })

  it.each(readRoutes.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    // The objects the route acts on are made first, outside the watch.
    const request: TestRequest = await ownerRequest(key, route, t)
    figures.route(key)
    figures.cases()
    const { result, calls, refused } = await refusedCalls(() => callRoute(route, request))
    expect(result.status, result.text).toBeLessThan(400)
    expect(refused).toEqual([])
    if (route.auth !== 'public') expect(calls.length).toBeGreaterThan(0)
  })

  it("may still slide its caller's session (the session middleware's one write)", async () => {
    const { sid } = await sessions.create({ orgId: t.orgId, userId: t.supervisor.id })
    // Close to idle expiry, so this request slides it.
    await table.update(keys.session(sha(sid)), {
      UpdateExpression: 'SET expire = :soon',
      ExpressionAttributeValues: { ':soon': Math.floor(Date.now() / 1000) + 60 },
    })
    const getUser = manifest.find(([key]) => key === 'auth/get-user')![1]
    const { result, calls, refused } = await refusedCalls(() =>
      callRoute(getUser, { cookies: [`${sessionCookieName()}=${sid}`] }),
    )
    expect(result.status, result.text).toBe(200)
    expect(calls.map((c) => `${c.action} ${c.writes.join(',')}`.trim())).toContain(`UpdateItem SESSION#${sha(sid)}`)
    expect(refused).toEqual([])
  })

  it('catches a route that writes (the check can fail)', async () => {
    const [key, route] = manifest.find(([k]) => k === 'organization/update-settings')!
    expect(route.uses).toContain('table')
    const { result, refused } = await refusedCalls(async () => callRoute(route, await ownerRequest(key, route, t)))
    expect(result.status, result.text).toBeLessThan(400)
    // The settings and their audit record are one transaction: refused as a whole.
    expect(refused).toEqual([expect.stringMatching(/^TransactWrite/)])
  })
})

/**
 * A public route that keeps no session (the health check) is granted no session writes
 * on AWS, so it must not load, slide or end one, even when a cookie comes with it.
 */
const sessionless = manifest.filter(([, r]) => r.keepsNoSession)

describe('routes that keep no session never touch one', () => {
  it('are public, and include the health check', () => {
    expect(sessionless.map(([key]) => key)).toContain('health/get-health')
    for (const [key, route] of sessionless) expect(route.auth, key).toBe('public')
  })

  it.each(sessionless.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    figures.cases()
    const { sid } = await sessions.create({ orgId: t.orgId, userId: t.supervisor.id })
    await table.update(keys.session(sha(sid)), {
      UpdateExpression: 'SET expire = :soon',
      ExpressionAttributeValues: { ':soon': Math.floor(Date.now() / 1000) + 60 },
    })
    const { calls } = await refusedCalls(() => callRoute(route, { cookies: [`${sessionCookieName()}=${sid}`] }))
    // `writes` holds the partition key of every keyed call, reads included: none is a session's.
    expect(calls.filter((c) => c.writes.some((pk) => pk.startsWith('SESSION#')))).toEqual([])
  })
})
