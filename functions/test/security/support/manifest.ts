import type { Route } from '../../../src/http/define-route.ts'
import { routes, type RouteKey } from '../../../src/routes.ts'

/** Every route of the manifest, so each generated case covers a new route without anyone remembering. */
export const manifest = Object.entries(routes) as [RouteKey, Route][]

export const pathParamsOf = (route: Route) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

export const signedIn = manifest.filter(([, r]) => r.auth !== 'public')
export const supervisorOnly = manifest.filter(([, r]) => r.auth === 'supervisor')
/**
 * Path parameters that name a day of the caller's own calendar (a pay period's first day), not an
 * object: another organization's value names that organization's own period, so they are not ids.
 */
export const calendarParams = new Set(['start'])
/**
 * Routes whose path names something every organization has alike (an integration: quickbooks,
 * gusto...), not an object of one organization; what they reach is the session's organization's own.
 */
export const namesNoObject: Partial<Record<RouteKey, string>> = {
  'integrations/connect-integration': "an integration's name; integrations/integrations.test.ts",
  'integrations/disconnect-integration': "an integration's name; integrations/integrations.test.ts",
  'integrations/integration-callback':
    "an integration's name and a state bound to the organization and supervisor; integrations/integrations.test.ts",
}
/**
 * Routes that only answer 2xx with a connected vendor (and a closed period): the security suite has
 * no vendor, so their calls without a payload are tested against the vendor's double instead.
 */
export const needsVendor: Partial<Record<RouteKey, string>> = {
  'integrations/send-gusto': 'integrations/gusto.test.ts (a closed period, Gusto connected)',
  'integrations/send-quickbooks': 'integrations/quickbooks.test.ts (a closed period, QuickBooks connected)',
  'integrations/update-gusto-matching': 'integrations/gusto.test.ts (Gusto connected)',
  'integrations/update-quickbooks-matching': 'integrations/quickbooks.test.ts (QuickBooks connected)',
  'integrations/sync-planning-center':
    'integrations/planning-center.test.ts (Planning Center connected, a list chosen; 409 before)',
}
export const withPathParams = manifest.filter(
  ([k, r]) => !(k in namesNoObject) && pathParamsOf(r).some((p) => !calendarParams.has(p)),
)
export const stateChanging = manifest.filter(([, r]) => r.method !== 'GET')

/**
 * The only state-changing routes that skip the Origin and content-type check, and why. They are
 * public and carry their own credential; any other non-GET route must refuse a foreign Origin.
 */
export const csrfExempt: Partial<Record<RouteKey, string>> = {
  'billing/stripe-webhook': 'Stripe cannot send our Origin; the payload signature is the credential',
  'integrations/planning-center-webhook':
    "Planning Center cannot send our Origin; the HMAC of the raw body under the organization's secret is the credential",
  'email-decisions/confirm-decision':
    'a plain form post from an email link; the signed single-use token is the credential',
  'email-confirmations/confirm-address':
    'a plain form post from an address confirmation link; the signed single-use token is the credential',
  'notifications/confirm-unsubscribe':
    "a mail client's one-click POST (RFC 8058) or a form post from an email link; the signed token is the credential",
}

/** Routes that answer a browser page (HTML) rather than JSON, even for a refusal. */
export const pageRoutes = new Set<RouteKey>([
  'auth/callback',
  'email-confirmations/confirm-address',
  'email-confirmations/show-confirmation',
  'email-decisions/confirm-decision',
  'email-decisions/show-decision',
  'notifications/confirm-unsubscribe',
  'notifications/show-unsubscribe',
])

export { routes, type RouteKey, type Route }
