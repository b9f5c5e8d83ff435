import { randomUUID } from 'node:crypto'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { expect } from 'vitest'
import { config } from '@app/adapters'
import { sessions } from '@app/data'
import type { Route } from '../../src/http/define-route.ts'
import { sessionCookieName } from '../../src/http/cookies.ts'

export interface TestRequest {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  /** A raw cookie header list; `as` creates a real session instead. */
  cookies?: string[]
  headers?: Record<string, string>
}

/** Opens a real session in the table for a member, as a sign-in would. */
export const sessionCookieFor = async (user: { userId: string; orgId: string }) => {
  const { sid } = await sessions.create(user)
  return `${sessionCookieName()}=${sid}`
}

/** The session cookie (`sid=…`, without its attributes) among a response's Set-Cookie headers. */
export const sessionOf = (cookies: string[]) => cookies.find((c) => c.startsWith('sid='))!.split(';')[0]!

/** Calls a route's Lambda with the API Gateway v2 event the HTTP API would send. */
export const callRoute = async (route: Route, request: TestRequest = {}) => {
  let path = route.path
  for (const [k, v] of Object.entries(request.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v))
  const hasBody = request.body !== undefined
  const headers: Record<string, string> = {
    ...(route.method !== 'GET' ? { origin: config.appOrigin, 'content-type': 'application/json' } : {}),
    ...request.headers,
  }
  const requestId = randomUUID()
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(request.query).toString(),
    cookies: request.cookies,
    headers,
    queryStringParameters: request.query,
    pathParameters: request.params,
    body: hasBody
      ? typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body)
      : route.method !== 'GET'
        ? '{}'
        : undefined,
    isBase64Encoded: false,
    requestContext: { http: { method: route.method, path }, requestId },
  } as unknown as APIGatewayProxyEventV2
  const result = await route.lambda(event, { awsRequestId: requestId } as Context)
  const text = result.body ?? ''
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return {
    status: result.statusCode ?? 200,
    headers: result.headers ?? {},
    cookies: result.cookies ?? [],
    text,
    json: json as any,
  }
}

/** An answer the test needs to go through: anything but 200 fails the test with the answer's text. */
export const ok = <R extends { status: number; text: string }>(res: R): R => {
  expect(res.status, res.text).toBe(200)
  return res
}

/** A 400 on one field: the message with its key and params, and `field` alone named, with that message. */
export const expectFieldRefusal = (
  res: { status: number; text: string; json: any },
  field: string,
  error: { message: string; key: string; params?: Record<string, unknown> },
) => {
  expect(res.status, res.text).toBe(400)
  expect(res.json).toMatchObject(error)
  expect(res.json.fields).toEqual({ [field]: error.message })
}

/**
 * The button of an emailed signed link's page: a plain form post from a page the browser gives no
 * Origin ('null'), with `form` as its body (the comments of a decline, or a mail client's one-click).
 */
export const postLinkForm = (route: Route, token: string, form = '', cookies?: string[]) =>
  callRoute(route, {
    params: { token },
    cookies,
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
  })
