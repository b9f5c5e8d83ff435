import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { afterEach, describe, expect, it } from 'vitest'
import { config, read } from '@app/adapters'
import { routes, type Route } from '@app/functions'
import { MAX_PAYLOAD_BYTES } from '@app/infra/lib/definition.ts'
import { invoke, isTextBody, routeMatcher, runWithTimeout } from './api-gateway.ts'
import { functionEnvironments, localEnvironmentValues, localRuntimeEnvironment } from './stack.ts'
import type { Ports } from './ports.ts'

const route = (method: 'GET' | 'POST', path: string): Route => ({
  method,
  path,
  auth: 'public',
  uses: ['table'],
  hasBody: false,
  created: false,
  errors: [],
  acceptsEmptyBody: true,
  keepsNoSession: false,
  lambda: async () => ({}),
})

describe('routeMatcher', () => {
  const match = routeMatcher([
    route('GET', '/api/timesheets/{id}/download-csv'),
    route('POST', '/api/timesheets/{id}/submit'),
  ])

  it('matches path templates and decodes their parameters', () => {
    const found = match('GET', '/api/timesheets/42/download-csv')
    expect(found).toMatchObject({ pathParameters: { id: '42' } })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(match('POST', '/api/timesheets/42/download-csv')).toBe('method-not-allowed')
    expect(match('GET', '/api/nothing')).toBeUndefined()
  })

  it('answers a malformed percent-escape as a bad path instead of throwing', () => {
    expect(match('GET', '/api/timesheets/%/download-csv')).toBe('bad-path')
    expect(match('POST', '/api/timesheets/%E0%A4%A/submit')).toBe('bad-path')
  })
})

describe('invoke, as Lambda behind an HTTP API', () => {
  const serve = async (lambda: Route['lambda']) => {
    const r = { ...route('POST', '/api/echo'), lambda }
    const match = routeMatcher([r])
    const server = createServer((req, res) => {
      void invoke(match('POST', '/api/echo') as Exclude<ReturnType<typeof match>, string | undefined>, req, res, {}, {})
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return { url: `http://127.0.0.1:${port}/api/echo`, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  it('answers a body over 10 MB with 413 and a clear message, without calling the function', async () => {
    let called = false
    const s = await serve(async () => {
      called = true
      return { statusCode: 200 }
    })
    try {
      const res = await fetch(s.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(MAX_PAYLOAD_BYTES + 1),
      })
      expect(res.status).toBe(413)
      expect(await res.json()).toEqual({ message: 'Request body too large: the limit is 10 MB' })
      expect(called).toBe(false)
      const ok = await fetch(s.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x'.repeat(MAX_PAYLOAD_BYTES),
      })
      expect(ok.status).toBe(200)
    } finally {
      await s.close()
    }
  })

  it('hands text bodies over as text and anything else base64-encoded', async () => {
    const seen: APIGatewayProxyEventV2[] = []
    const s = await serve(async (event) => {
      seen.push(event)
      return { statusCode: 204 }
    })
    try {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff])
      await fetch(s.url, { method: 'POST', headers: { 'content-type': 'image/png' }, body: bytes })
      await fetch(s.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"é"}' })
      expect(seen[0]).toMatchObject({ isBase64Encoded: true, body: bytes.toString('base64') })
      expect(seen[1]).toMatchObject({ isBase64Encoded: false, body: '{"a":"é"}' })
    } finally {
      await s.close()
    }
    expect(isTextBody('application/problem+json; charset=utf-8')).toBe(true)
    expect(isTextBody('text/csv')).toBe(true)
    expect(isTextBody('multipart/form-data; boundary=x')).toBe(false)
    expect(isTextBody(undefined)).toBe(false)
  })

  it("stops waiting at the function's timeout and tells the function its remaining time", async () => {
    let remaining = -1
    const slow = {
      path: '/api/slow',
      lambda: async (_e: APIGatewayProxyEventV2, context: Context) => {
        remaining = context.getRemainingTimeInMillis()
        return new Promise<never>(() => undefined)
      },
    }
    // Room for a loaded machine between setting the deadline and calling the function (50 ms was not).
    await expect(runWithTimeout(slow, {} as APIGatewayProxyEventV2, 'r1', 500, {})).resolves.toBe('timed-out')
    expect(remaining).toBeGreaterThan(0)
    expect(remaining).toBeLessThanOrEqual(500)
    const quick = { path: '/api/quick', lambda: async () => ({ statusCode: 200 }) }
    await expect(runWithTimeout(quick, {} as APIGatewayProxyEventV2, 'r2', 50, {})).resolves.toEqual({
      statusCode: 200,
    })
  })
})

describe("each function's own environment", () => {
  const ports = { app: 1, dynamodb: 2, cognito: 3, s3: 4, ses: 5, idp: 6 } as Ports
  const environments = functionEnvironments(
    localEnvironmentValues(
      ports,
      { userPoolId: 'pool', clientId: 'client' },
      { emailLinkSecret: 'e', healthToken: 'h', secretsKey: Buffer.alloc(32).toString('base64') },
    ),
    localRuntimeEnvironment(ports),
  )
  const event = {} as APIGatewayProxyEventV2
  const saved = process.env.STAFF_USER_POOL_ID
  afterEach(() => {
    if (saved === undefined) delete process.env.STAFF_USER_POOL_ID
    else process.env.STAFF_USER_POOL_ID = saved
  })

  it('reads as missing a variable its template does not give it, though the stack process has it', async () => {
    process.env.STAFF_USER_POOL_ID = 'the-stack-process-has-it'
    // Lists timesheets: the table, no staff pool (as its function on AWS).
    const env = environments.get(routes['timesheets/list-timesheets'])!
    const reader = {
      path: '/api/reader',
      lambda: async () => ({
        statusCode: 200,
        body: JSON.stringify({
          table: config.tableName,
          pool: read('STAFF_USER_POOL_ID') ?? null,
          missing: (() => {
            try {
              return config.staffPoolId
            } catch (e) {
              return (e as Error).message
            }
          })(),
        }),
      }),
    }
    const out = await runWithTimeout(reader, event, 'r3', 1000, env)
    expect(JSON.parse((out as { body: string }).body)).toEqual({
      table: 'timesheets',
      pool: null,
      missing: 'Missing configuration: STAFF_USER_POOL_ID',
    })
    // The member routes that use the staff pool do get it, from the stack's pool.
    const members = environments.get(routes['members/add-member'])!
    const pool = await runWithTimeout(
      { path: '/api/pool', lambda: async () => ({ statusCode: 200, body: config.staffPoolId }) },
      event,
      'r4',
      1000,
      members,
    )
    expect(pool).toEqual({ statusCode: 200, body: 'pool' })
  })

  it('keeps concurrent invocations of different functions apart', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const reader = {
      path: '/api/reader',
      lambda: async () => {
        await gate // both invocations are running when they read
        return { statusCode: 200, body: read('TABLE_NAME') ?? 'none' }
      },
    }
    const a = runWithTimeout(reader, event, 'a', 1000, { TABLE_NAME: 'first' })
    const b = runWithTimeout(reader, event, 'b', 1000, {})
    const c = runWithTimeout(reader, event, 'c', 1000, { TABLE_NAME: 'third' })
    release()
    expect(await Promise.all([a, b, c])).toEqual([
      { statusCode: 200, body: 'first' },
      { statusCode: 200, body: 'none' },
      { statusCode: 200, body: 'third' },
    ])
  })
})
