import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'
import { defineRoute } from './define-route.ts'

const route = defineRoute({
  method: 'GET',
  path: '/api/email-decisions/{token}',
  auth: 'public',
  params: z.object({ token: z.string() }),
  uses: [],
  handler: async () => ({ ok: true }),
})

const call = (token: string) =>
  route.lambda(
    {
      rawPath: `/api/email-decisions/${token}`,
      rawQueryString: '',
      headers: {},
      pathParameters: { token },
      requestContext: { http: { method: 'GET', path: `/api/email-decisions/${token}` } },
    } as unknown as APIGatewayProxyEventV2,
    { awsRequestId: 'req-1' } as Context,
  )

describe('the request log', () => {
  const { LOG_LEVEL, APP_ORIGIN } = process.env
  afterEach(() => {
    Object.assign(process.env, { LOG_LEVEL, APP_ORIGIN })
    vi.restoreAllMocks()
  })

  it('records the route pattern, never a token from the path', async () => {
    Object.assign(process.env, { LOG_LEVEL: 'info', APP_ORIGIN: 'https://timesheets.example.org' })
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    const token = 'eyJzZWNyZXQiOiJsaW5rIn0.c2lnbmF0dXJl'
    const res = await call(token)
    expect(res.statusCode, lines.join('\n')).toBe(200)
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain(token)
    expect(JSON.parse(lines[0]!)).toMatchObject({
      route: 'GET /api/email-decisions/{token}',
      path: '/api/email-decisions/{token}',
      status: 200,
    })
  })
})
