/**
 * Where a route gets less than its `uses` would grant: least privilege per route, not per kind of
 * access. test/grants.test.ts reads each route's code and fails when this differs from what it
 * calls.
 */
export interface RouteAccess {
  /**
   * The staff pool calls each route that uses 'staffPool' makes (packages/adapters/src/staff-pool.ts).
   * A route that uses the staff pool and is not listed stops synth.
   */
  staffPool: Record<string, string[]>
  /**
   * Routes that only look at their dependencies (the health check): read-only probes of each one
   * (constructs/api.ts, `probeGrant`) instead of what their `uses` grant.
   */
  probes: string[]
  /**
   * The sign-in routes: each gets its own, lower throttle in the API stage (context
   * signInRateLimit/signInBurstLimit) and a tighter per-address limit in the web ACL.
   */
  signIn: string[]
  /**
   * Routes where a secret is guessed without a sign-in (a kiosk's PIN): the web ACL's per-address
   * sign-in limit covers them too, but not the stage's per-route throttle, which every
   * organization's kiosks would share.
   */
  guessed: string[]
}

export const routeAccess: RouteAccess = {
  staffPool: {
    // createUser: create, set the permanent password, and delete again when that fails.
    'members/add-member': [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
    ],
    'members/reset-password': ['cognito-idp:AdminSetUserPassword'],
    'members/remove-member': ['cognito-idp:AdminDeleteUser'],
    // The Planning Center sync adds members (as add-member does) and deletes a deactivated one's login.
    'integrations/sync-planning-center': [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
    ],
    'integrations/planning-center-webhook': [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
    ],
    // Staff login checks a password; it may not create, change or delete a login.
    'staff/staff-login': ['cognito-idp:AdminInitiateAuth'],
  },
  probes: ['health/get-health'],
  signIn: ['staff/staff-login', 'auth/login', 'auth/callback'],
  guessed: ['kiosk/punch'],
}
