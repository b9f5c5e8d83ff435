import middy from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import * as z from 'zod'
import {
  forbidden,
  Page,
  Redirect,
  WHOLE_CHURCH_ONLY,
  wholeChurch,
  type Access,
  type ApiScope,
  type NonJsonResponse,
} from '@app/core'
import type { Files } from '@app/adapters'
import { orgDb, type OrgDb } from '@app/data'
import { callerLoader, unlessToken } from './api-token.ts'
import { csrfGuard, jsonBody, originGuard, requestLog, type AuthSession, type RouteState } from './middleware.ts'
import { HttpResponse } from './response.ts'
import { requestIssueMessage } from './request-messages.ts'

/**
 * What a function may touch; the CDK construct grants exactly this and nothing else. 'table:read'
 * instead of 'table' for a route that only reads the table: it may still slide or end its
 * caller's session (the session middleware), and nothing else (test/security/read-only.test.ts).
 */
/**
 * What a route may touch; infra grants exactly this. 'links' is the link-signing secret alone (a
 * route that checks emailed links but sends no email); 'email' is sending plus that secret;
 * 'secretsKey' seals and opens secrets kept for others (webhook signing secrets) with the stack's key;
 * 'integrations' reads the integrations' OAuth app settings (QuickBooks, Gusto, Planning Center).
 */
export type Use =
  | 'table'
  | 'table:read'
  | 'staffPool'
  | 'exportsBucket'
  | 'logosBucket'
  | 'email'
  | 'links'
  | 'stripe'
  | 'oidc'
  | 'secretsKey'
  | 'integrations'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * An error status a route's own code may answer beyond those every route of its kind may (400; 401
 * and 403 with a session; 415 with a body; 429 with a token scope), for the published document;
 * `http/openapi.unit.test.ts` reads each route's code for what it can throw, or answer as a page
 * (an emailed link's 410 when it has expired), and holds the two equal.
 */
export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 410 | 429 | 503
type Schema = z.ZodType

type Input<S> = S extends Schema ? z.infer<S> : undefined
/** What a route answers: a schema for data (JSON, or 204 for `NoContent`), or a kind of navigation. */
type Answer = Schema | NonJsonResponse
/** The handler's return, typed by the route's `response`. */
type Output<R> = R extends Schema ? z.input<R> | HttpResponse : R extends NonJsonResponse ? HttpResponse : unknown
type SessionFor<A extends Access> = A extends 'public' ? AuthSession | undefined : AuthSession
type DbFor<A extends Access> = A extends 'public' ? OrgDb | undefined : OrgDb
/** Makes an organization's files: `filesFor` of @app/adapters, which a route that uses a bucket passes. */
type FilesMaker = (orgId: string) => Files
type FilesFor<A extends Access, F> = F extends FilesMaker ? (A extends 'public' ? Files | undefined : Files) : undefined

export interface RouteContext<A extends Access, P, Q, B, F = undefined> {
  params: Input<P>
  query: Input<Q>
  body: Input<B>
  session: SessionFor<A>
  db: DbFor<A>
  /** The session organization's files, bound like `db` (for a route that passes `files: filesFor`). */
  files: FilesFor<A, F>
  event: APIGatewayProxyEventV2
  requestId: string
}

export interface RouteSpec<A extends Access, P, Q, B, R, F> {
  method: Method
  path: `/api/${string}`
  auth: A
  /**
   * The API token scope that reaches this route, which the token then calls as a
   * supervisor would; none (the default) keeps every token out.
   */
  scope?: ApiScope
  params?: P
  query?: Q
  body?: B
  /** What the route answers; in tests every answer is checked against it (packages/core/src/api). */
  response?: R
  /** The route makes what it answers: data is answered 201 Created instead of 200. */
  created?: true
  /** The error statuses its own code may answer (see `ErrorStatus`). */
  errors?: ErrorStatus[]
  uses: Use[]
  /**
   * `filesFor` of @app/adapters, for a route that uses a bucket: imported by that route's file
   * only, so that the S3 client is not in the bundle of every other route.
   */
  files?: F
  /** Cross-site callers (payment webhooks) that cannot send our Origin; off by default. */
  skipCsrf?: boolean
  /**
   * The few routes a closed organization's members still reach (who they are, sign
   * out, reopen); every other route answers them 403 'This organization is closed'.
   */
  whenClosed?: true
  /**
   * A kiosk route, which only a kiosk session may call; a kiosk session is refused (403)
   * by every route without it.
   */
  kiosk?: true
  /**
   * The handler reads its organization before anything else: the organization's item is read with
   * the session, in the same BatchGetItem, and `db.organization.get()` answers it (one round trip
   * fewer). A token's request reads it on first use, as without.
   */
  readsOrganization?: true
  /**
   * What only a supervisor of the whole church may do (campuses, billing, approval settings,
   * integrations, webhooks, the church's export): a campus admin is refused 403 before anything
   * is read or parsed.
   */
  wholeChurch?: true
  handler: (ctx: RouteContext<A, P, Q, B, F>) => Promise<Output<R>>
}

export interface Route {
  method: Method
  path: string
  auth: Access
  /** The API token scope that reaches the route; undefined when no token may call it. */
  scope?: ApiScope
  uses: Use[]
  hasBody: boolean
  /** The request's schemas, for the published API description (GET /api/openapi.json). */
  params?: Schema
  query?: Schema
  body?: Schema
  response?: Answer
  /** Data is answered 201 Created instead of 200. */
  created: boolean
  /** The error statuses the route's own code may answer, beside those every route of its kind may. */
  errors: ErrorStatus[]
  /** True when the route may be called without a payload (no body schema, or one of optional fields on a method other than PUT). */
  acceptsEmptyBody: boolean
  /** A public route that reads no session (infra grants it no session writes). */
  keepsNoSession: boolean
  /** Only a kiosk session may call it (and a kiosk session nothing else). */
  kioskOnly?: boolean
  /** Only a supervisor of the whole church may call it: a campus admin is answered 403. */
  wholeChurch?: boolean
  lambda: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>
}

const REQUEST_MESSAGES = { error: requestIssueMessage }

/** The status of a data answer: the one place it is decided, which the published document reads too. */
export const dataStatus = (created: boolean) => (created ? 201 : 200)

const toResult = (out: unknown, created: boolean): APIGatewayProxyStructuredResultV2 => {
  const res =
    out instanceof HttpResponse
      ? out
      : out === undefined
        ? new HttpResponse(204)
        : HttpResponse.json(out, dataStatus(created))
  return {
    statusCode: res.status,
    headers: res.headers,
    body: res.body,
    cookies: res.cookies.length ? res.cookies : undefined,
  }
}

/** Tests check every answer against the route's declared response; production does not pay for it. */
const checkingAnswers = () => process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST)

const isHtml = (res: HttpResponse) => /^text\/html\b/.test(res.headers['content-type'] ?? '')

/** Why `out` is not what `response` (and `created`) declares, or undefined when it is. */
export const answerProblem = (response: Answer, out: unknown, created = false): string | undefined => {
  if (response === Redirect || response === Page) {
    if (!(out instanceof HttpResponse)) return `a ${response} was declared, but data was answered`
    const redirects = out.status >= 300 && out.status < 400 && Boolean(out.headers.location)
    // A navigation may also end on a page of ours: an error, or a confirmation asked first.
    if (response === Redirect) return redirects || isHtml(out) ? undefined : 'not a redirect'
    return isHtml(out) ? undefined : 'not an HTML page'
  }
  if (out instanceof HttpResponse && out.status >= 400) return undefined
  if (out instanceof HttpResponse && out.status === 204)
    return response.safeParse(undefined).success ? undefined : 'data was declared, but no content was answered'
  if (out instanceof HttpResponse && !/^application\/json\b/.test(out.headers['content-type'] ?? '')) {
    return 'data was declared, but the answer is not JSON'
  }
  // A handler that sets cookies builds its own answer: its status must still be the declared one.
  if (out instanceof HttpResponse && out.status !== dataStatus(created)) {
    return `answered ${out.status}, but ${dataStatus(created)} was declared`
  }
  // What the web receives: the JSON text parsed back (undefined for a 204).
  const sent = out instanceof HttpResponse ? out.body : out === undefined ? undefined : JSON.stringify(out)
  const result = response.safeParse(sent === undefined ? undefined : JSON.parse(sent))
  return result.success ? undefined : z.prettifyError(result.error)
}

/**
 * How a route that keeps sessions learns its caller: the session or API token middleware, and the
 * organization's data bound to the caller's organization.
 */
interface Callers {
  loader: typeof callerLoader
  db: typeof orgDb
}

/**
 * One endpoint: body parsing, the request log, CSRF, the session and role check (without
 * `callers`, none: the route keeps no session), zod parsing of params, query and body, then the
 * handler; the error handler maps every failure once.
 */
const routeOf = <
  A extends Access,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Answer | undefined,
  F extends FilesMaker | undefined,
>(
  spec: RouteSpec<A, P, Q, B, R, F>,
  callers: Callers | undefined,
): Route => {
  if (spec.scope && spec.auth === 'public') {
    throw new Error(`${spec.method} ${spec.path}: a public route needs no token scope`)
  }
  if (spec.files && !spec.uses.some((u) => u === 'exportsBucket' || u === 'logosBucket')) {
    throw new Error(`${spec.method} ${spec.path} is given files but uses no bucket`)
  }
  const core = async (event: APIGatewayProxyEventV2, context: Context) => {
    const state = (context as Context & { route: RouteState }).route
    if (spec.wholeChurch && state.session && !wholeChurch(state.session.user)) throw forbidden(WHOLE_CHURCH_ONLY)
    const ctx = {
      params: spec.params ? spec.params.parse(event.pathParameters ?? {}, REQUEST_MESSAGES) : undefined,
      query: spec.query ? spec.query.parse(event.queryStringParameters ?? {}, REQUEST_MESSAGES) : undefined,
      body: spec.body ? spec.body.parse(event.body, REQUEST_MESSAGES) : undefined,
      session: state.session,
      db: callers && state.session ? callers.db(state.session.orgId, { organization: state.organization }) : undefined,
      files: state.session && spec.files ? spec.files(state.session.orgId) : undefined,
      event,
      requestId: context.awsRequestId,
    } as RouteContext<A, P, Q, B, F>
    const out = await spec.handler(ctx)
    // A route without a response fails the manifest test instead (routes.unit.test.ts).
    if (spec.response !== undefined && checkingAnswers()) {
      const problem = answerProblem(spec.response, out, spec.created === true)
      if (problem) throw new Error(`${spec.method} ${spec.path} answered outside its response schema: ${problem}`)
    }
    return toResult(out, spec.created === true)
  }

  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>().use(requestLog(spec))
  chain.use(originGuard())
  if (!spec.skipCsrf) chain.use(unlessToken(csrfGuard(spec.method)))
  if (callers)
    chain.use(
      callers.loader(
        spec.auth,
        spec.scope,
        spec.whenClosed === true,
        spec.kiosk === true,
        spec.readsOrganization === true,
      ),
    )
  // A PUT replaces what it names: one without a body names nothing, and is refused instead of emptying it.
  const acceptsEmptyBody = !spec.body || (spec.method !== 'PUT' && spec.body.safeParse({}).success)
  if (spec.body) chain.use(jsonBody(acceptsEmptyBody))
  const lambda = chain.handler(core)

  // Every route reads the table: the session middleware loads a session whenever a cookie is sent.
  const table: Use = spec.uses.includes('table:read') ? 'table:read' : 'table'
  const uses: Use[] = [table, ...spec.uses.filter((u) => u !== 'table' && u !== 'table:read')]
  return {
    method: spec.method,
    path: spec.path,
    auth: spec.auth,
    scope: spec.scope,
    uses,
    hasBody: Boolean(spec.body),
    params: spec.params,
    query: spec.query,
    body: spec.body,
    response: spec.response,
    created: spec.created === true,
    errors: spec.errors ?? [],
    acceptsEmptyBody,
    keepsNoSession: callers === undefined,
    kioskOnly: spec.kiosk === true,
    wholeChurch: spec.wholeChurch === true,
    lambda,
  }
}

/** A route of the app: the caller is its session (or API token), loaded and checked before the handler. */
export const defineRoute = <
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Answer | undefined = undefined,
  F extends FilesMaker | undefined = undefined,
>(
  spec: RouteSpec<A, P, Q, B, R, F>,
): Route => routeOf(spec, { loader: callerLoader, db: orgDb })

/**
 * A public route that keeps no session (the health check): no cookie is read, and no session
 * loaded, slid or ended, so infra grants it no session writes. Its bundle holds neither the
 * session middleware nor the organization's data modules (a shorter cold start): only
 * `defineRoute` refers to them, and a bundle without it drops them.
 */
export const defineSessionlessRoute = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Answer | undefined = undefined,
>(
  spec: Omit<RouteSpec<'public', P, Q, B, R, undefined>, 'auth' | 'scope' | 'files' | 'whenClosed' | 'kiosk'>,
): Route => routeOf({ ...spec, auth: 'public' }, undefined)
