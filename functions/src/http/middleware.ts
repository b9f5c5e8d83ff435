import { timingSafeEqual } from 'node:crypto'
import type middy from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import {
  AppError,
  badRequest,
  forbidden,
  kioskMessages,
  messages,
  unauthorized,
  type Access,
  type OrganizationClosure,
  type Role,
  type User,
} from '@app/core'
import { config } from '@app/adapters'
import {
  closureState,
  latestWeekOf,
  type LatestWeek,
  memberForSession,
  organizationClosed,
  pastOrdinaryLimit,
  sessions,
  type Session,
} from '@app/data'
import { clearedSessionCookie, readCookie, sessionCookieName } from './cookies.ts'
import { toErrorResponse } from './errors.ts'

/**
 * The signed-in caller: the session plus the member it belongs to (read fresh each request), and
 * the organization's closure when it is closed (only `whenClosed` routes see one).
 */
export type AuthSession = Session & {
  sid: string
  role: Role
  user: User
  closure?: OrganizationClosure
  /** The hint on the member's item naming the timesheet they made last (`latestWeekOf`). */
  latestWeek?: LatestWeek
}

export interface RouteState {
  session?: AuthSession
  /** The organization's item, read with the session for a route that reads it first (`readsOrganization`). */
  organization?: Record<string, unknown>
}
type Request = middy.Request<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context & { route: RouteState }
>
type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>

const header = (event: APIGatewayProxyEventV2, name: string) =>
  event.headers?.[name] ?? event.headers?.[name.toLowerCase()]

/** Path parameters that are credentials (the emailed Approve/Decline links): never written to a log. */
const SECRET_PARAMS = new Set(['token'])

/** The route's path with its parameters filled in, credentials left as their `{name}`. */
export const loggedPath = (pattern: string, params: Record<string, string | undefined> | undefined) =>
  pattern.replace(/\{(\w+)\}/g, (whole, name: string) =>
    SECRET_PARAMS.has(name) || params?.[name] === undefined ? whole : encodeURIComponent(params[name]),
  )

/**
 * First in, last out: gives the request its state, maps any failure to the one error model,
 * and writes one JSON log line per request with the request id, the organization and the route
 * (its pattern, never the raw path, which may hold a link's token).
 */
export const requestLog = (route: { method: string; path: string }): Middleware => {
  const started = new WeakMap<object, number>()
  const log = (request: Request, status: number, error?: unknown) => {
    const e = request.event
    const line = {
      level: status >= 500 ? 'error' : 'info',
      requestId: request.context.awsRequestId,
      route: `${route.method} ${route.path}`,
      path: loggedPath(route.path, e.pathParameters),
      status,
      ms: Date.now() - (started.get(request) ?? Date.now()),
      orgId: request.context.route?.session?.orgId,
      // An unexpected failure keeps its stack for us; an expected 503 (AppError) just says what.
      ...(status >= 500 && error instanceof Error
        ? { error: error.name, detail: error.message, ...(error instanceof AppError ? {} : { stack: error.stack }) }
        : {}),
    }
    if (process.env.LOG_LEVEL !== 'silent' || status >= 500) console.log(JSON.stringify(line))
  }
  return {
    before: (request) => {
      started.set(request, Date.now())
      ;(request.context as Context & { route: RouteState }).route = {}
    },
    after: (request) => log(request as Request, request.response?.statusCode ?? 200),
    onError: (request) => {
      const { status, body } = toErrorResponse(request.error)
      const cookies =
        status === 401 && (request.context as Context & { route: RouteState }).route?.session === undefined
          ? [clearedSessionCookie()]
          : undefined
      const retryAfter = request.error instanceof AppError ? request.error.retryAfter : undefined
      request.response = {
        statusCode: status,
        headers: {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
        },
        body: JSON.stringify(body),
        cookies,
      }
      log(request as Request, status, request.error)
    },
  }
}

/** The header CloudFront adds to every request it sends the API (infra: constructs/site.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify'

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Only CloudFront may call the functions: the HTTP API's own execute-api address
 * would skip the firewall in front of CloudFront, so CloudFront sends a secret header and a
 * request without it is refused before anything else is done. On AWS every route's function
 * has ORIGIN_VERIFY; the local stack has no CloudFront and sets none, so nothing is checked.
 */
export const originGuard = (): Middleware => ({
  before: ({ event }) => {
    const expected = config.originVerify
    if (expected === undefined) return
    if (!sameSecret(header(event, ORIGIN_VERIFY_HEADER) ?? '', expected)) throw forbidden()
  },
})

const rawBody = (event: APIGatewayProxyEventV2) =>
  event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : (event.body ?? '')
const isEmptyBody = (event: APIGatewayProxyEventV2) => rawBody(event).trim() === ''
const isJson = (event: APIGatewayProxyEventV2) => /^application\/json\b/i.test(header(event, 'content-type') ?? '')
const unsupportedType = () => new AppError(415, 'unsupported_media_type', messages.jsonOnly)

/**
 * State-changing requests must come from our own origin (DESIGN.md section 3), and whatever
 * they carry must be JSON. A call without a payload (`POST /api/start-trial`) may send no body
 * at all, with or without a JSON content type.
 */
export const csrfGuard = (method: string): Middleware => ({
  before: ({ event }) => {
    if (method === 'GET') return
    if (header(event, 'origin') !== config.appOrigin) throw forbidden(messages.csrf)
    if (!isEmptyBody(event) && !isJson(event)) throw unsupportedType()
  },
})

/**
 * The JSON body for the route's schema. An empty body is `{}`, so a schema of optional fields needs
 * none, unless the route refuses an empty body (`acceptsEmpty`). A `null` body is never `{}`: a
 * save of nothing would empty what it replaces.
 */
export const jsonBody = (acceptsEmpty: boolean): Middleware => ({
  before: ({ event }) => {
    if (isEmptyBody(event)) {
      if (!acceptsEmpty) throw badRequest(messages.bodyRequired)
      ;(event as { body: unknown }).body = {}
      return
    }
    if (!isJson(event)) throw unsupportedType()
    let body: unknown
    try {
      body = JSON.parse(rawBody(event))
    } catch {
      throw badRequest('Invalid JSON body')
    }
    if (body === null) throw badRequest(messages.bodyRequired)
    ;(event as { body: unknown }).body = body
  },
})

/**
 * Loads the session from the cookie and the member it belongs to, so a removed member's
 * cookie stops working at once, and a session made before the member's sessions were ended (a
 * password reset) too, and a remembered phone's session past the ordinary 30 days once its member
 * is a supervisor, and a kiosk's once its maker stopped being a supervisor (even if one again); refuses a role below what the route needs. With `organization`, the
 * organization's item comes in the same read, for the handler.
 */
export const sessionLoader = (access: Access, whenClosed = false, kiosk = false, organization = false): Middleware => ({
  before: async (request) => {
    const state = (request.context as Context & { route: RouteState }).route
    const sid = readCookie(request.event.cookies, sessionCookieName())
    // The session, its member and the organization's closure, in one round trip: a closed
    // organization's sessions reach nothing from the next request on.
    const opened = sid ? await sessions.open(sid, { organization }) : undefined
    const session = opened?.session
    const member = session ? memberForSession(opened!.member, session) : undefined
    const closure = closureState(opened?.closure)
    // A phone remembered before its member became a supervisor keeps a supervisor's limit.
    const user = member?.role === 'supervisor' && pastOrdinaryLimit(session!) ? undefined : member
    if (sid && session && !user) await sessions.delete(sid)
    if (session && user) {
      const latestWeek = latestWeekOf(opened!.member)
      state.session = {
        ...session,
        role: user.role,
        sid: sid!,
        user,
        ...(closure ? { closure } : {}),
        ...(latestWeek ? { latestWeek } : {}),
      }
      if (opened?.organization) state.organization = opened.organization
    }
    // A kiosk session reaches the kiosk routes and nothing else (the kiosk routes refuse
    // every other session below, after the demo's own refusal).
    if (state.session?.kioskId && !kiosk) throw forbidden(kioskMessages.kioskSession)
    if (closure && state.session && !whenClosed) {
      // A public route (a sign-in page) goes on as if signed out; any other is refused.
      if (access === 'public') {
        state.session = undefined
        state.organization = undefined
      } else throw organizationClosed(closure)
    }
    if (access === 'public') return
    if (!state.session) throw unauthorized()
    if (state.session.demo && request.event.requestContext?.http?.method !== 'GET')
      throw forbidden(messages.demoReadOnly)
    if (kiosk && !state.session.kioskId) throw forbidden(kioskMessages.kioskOnly)
    if (access === 'supervisor' && state.session.role !== 'supervisor') throw forbidden(messages.supervisorsOnly)
  },
})
