import type middy from '@middy/core'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import {
  apiTokenMessages,
  bearerToken,
  forbidden,
  scopeProblem,
  tooManyRequests,
  unauthorized,
  type Access,
  type ApiScope,
} from '@app/core'
import { apiTokens, orgDb, organizationClosed } from '@app/data'
import { sessionLoader, type RouteState } from './middleware.ts'

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>

const authorization = (event: APIGatewayProxyEventV2) => event.headers?.authorization ?? event.headers?.Authorization

/** The API token a request carries (`Authorization: Bearer <token>`), if any. */
export const requestToken = (event: APIGatewayProxyEventV2) => bearerToken(authorization(event))

/**
 * A request with a bearer token is the token's, never the cookie's: a browser does not add it by
 * itself, so it needs no CSRF check (its body must still be JSON: the body parser checks that).
 */
export const unlessToken = (middleware: Middleware): Middleware => ({
  before: (request) => (requestToken(request.event) === undefined ? middleware.before?.(request) : undefined),
})

/**
 * Who is calling: a session (the session middleware), or an API token. A token is checked (an
 * expired one is 401 as a revoked one), counted against its own rate and then its organization's,
 * then held to the route's scope: a route that names none is never reachable by a token. A token acts as a supervisor session of the one who made it would,
 * and every change it makes is recorded as by the token, by name.
 */
export const callerLoader = (
  access: Access,
  scope: ApiScope | undefined,
  whenClosed = false,
  kiosk = false,
  organization = false,
): Middleware => {
  const sessions = sessionLoader(access, whenClosed, kiosk, organization)
  return {
    before: async (request) => {
      const token = requestToken(request.event)
      if (token === undefined) return sessions.before?.(request)
      const grant = await apiTokens.find(token)
      if (!grant) throw unauthorized(apiTokenMessages.invalid)
      // The rates count per clock minute: the next minute's first second lets a request through again.
      const nextMinute = () => 60 - (Math.floor(Date.now() / 1000) % 60)
      if (!(await apiTokens.countUse(token))) throw tooManyRequests(apiTokenMessages.rateLimited, nextMinute())
      if (!(await apiTokens.countOrgUse(grant.orgId)))
        throw tooManyRequests(apiTokenMessages.orgRateLimited, nextMinute())
      const problem = scopeProblem(scope, grant.scopes)
      if (problem) throw forbidden(problem)
      const db = orgDb(grant.orgId)
      const [maker, closure] = await Promise.all([
        db.users.grantMaker(grant.createdBy, grant.makerTerm),
        db.closure.state(),
      ])
      // A token lives no longer than its maker's place as a supervisor of the organization: a
      // demotion ends it for good, and a later promotion starts a term it was not made in.
      if (!maker) throw unauthorized(apiTokenMessages.invalid)
      // Nor than the organization itself; a closed one's tokens are refused at once.
      if (closure) throw organizationClosed(closure)
      const state = (request.context as Context & { route: RouteState }).route
      const now = Math.floor(Date.now() / 1000)
      state.session = {
        userId: maker.id,
        orgId: grant.orgId,
        createdAt: new Date().toISOString(),
        absoluteExpire: now + 60,
        expire: now + 60,
        sid: '',
        role: 'supervisor',
        user: { ...maker, via: 'apiToken', tokenName: grant.name } as typeof maker,
      }
    },
  }
}
