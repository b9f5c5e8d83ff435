import middy from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import * as z from 'zod'
import type { Access } from '@app/core'
import { orgDb, type OrgDb } from '@app/data'
import { csrfGuard, jsonBody, requestLog, sessionLoader, type AuthSession, type RouteState } from './middleware.ts'
import { HttpResponse } from './response.ts'

/** What a function may touch; the CDK construct grants exactly this and nothing else. */
export type Use = 'table' | 'staffPool' | 'exportsBucket' | 'logosBucket' | 'email' | 'stripe' | 'oidc'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Schema = z.ZodType

type Input<S> = S extends Schema ? z.infer<S> : undefined
type SessionFor<A extends Access> = A extends 'public' ? AuthSession | undefined : AuthSession
type DbFor<A extends Access> = A extends 'public' ? OrgDb | undefined : OrgDb

export interface RouteContext<A extends Access, P, Q, B> {
  params: Input<P>
  query: Input<Q>
  body: Input<B>
  session: SessionFor<A>
  db: DbFor<A>
  event: APIGatewayProxyEventV2
  requestId: string
}

export interface RouteSpec<A extends Access, P, Q, B> {
  method: Method
  path: `/api/${string}`
  auth: A
  params?: P
  query?: Q
  body?: B
  uses: Use[]
  /** Cross-site callers (payment webhooks) that cannot send our Origin; off by default. */
  skipCsrf?: boolean
  handler: (ctx: RouteContext<A, P, Q, B>) => Promise<unknown>
}

export interface Route {
  method: Method
  path: string
  auth: Access
  uses: Use[]
  hasBody: boolean
  /** True when the route may be called without a payload (no body schema, or one of optional fields). */
  acceptsEmptyBody: boolean
  lambda: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>
}

const toResult = (out: unknown): APIGatewayProxyStructuredResultV2 => {
  const res = out instanceof HttpResponse ? out : out === undefined ? new HttpResponse(204) : HttpResponse.json(out)
  return {
    statusCode: res.status,
    headers: res.headers,
    body: res.body,
    cookies: res.cookies.length ? res.cookies : undefined,
  }
}

/**
 * One endpoint: body parsing, the request log, CSRF, the session and role check, zod parsing of
 * params, query and body, then the handler; the error handler maps every failure once.
 */
export const defineRoute = <
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<A, P, Q, B>,
): Route => {
  const core = async (event: APIGatewayProxyEventV2, context: Context) => {
    const state = (context as Context & { route: RouteState }).route
    const ctx = {
      params: spec.params ? spec.params.parse(event.pathParameters ?? {}) : undefined,
      query: spec.query ? spec.query.parse(event.queryStringParameters ?? {}) : undefined,
      body: spec.body ? spec.body.parse(event.body ?? {}) : undefined,
      session: state.session,
      db: state.session ? orgDb(state.session.orgId) : undefined,
      event,
      requestId: context.awsRequestId,
    } as RouteContext<A, P, Q, B>
    return toResult(await spec.handler(ctx))
  }

  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>().use(requestLog(spec))
  if (!spec.skipCsrf) chain.use(csrfGuard(spec.method))
  chain.use(sessionLoader(spec.auth))
  if (spec.body) chain.use(jsonBody())
  const lambda = chain.handler(core)

  // Every route reads the table: the session middleware loads a session whenever a cookie is sent.
  const uses: Use[] = ['table', ...spec.uses.filter((u) => u !== 'table')]
  return {
    method: spec.method,
    path: spec.path,
    auth: spec.auth,
    uses,
    hasBody: Boolean(spec.body),
    acceptsEmptyBody: !spec.body || spec.body.safeParse({}).success,
    lambda,
  }
}
