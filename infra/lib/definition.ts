/**
 * What behaves the same on AWS and on the local stack, said once: the CDK constructs
 * (constructs/auth.ts, files.ts, api.ts, jobs.ts) and the local provisioning
 * (local/src/provision.ts) both read this module, and test/drift.test.ts compares the
 * synthesized template with what the local stack creates. Plain data: no aws-cdk-lib here, so the
 * local stack can import it without loading the CDK.
 *
 * The table's keys, indexes and TTL attribute are in packages/data/src/table-definition.ts (the
 * data layer names its indexes); everything else is here.
 */

export interface PasswordPolicy {
  minLength: number
  requireLowercase: boolean
  requireUppercase: boolean
  requireDigits: boolean
  requireSymbols: boolean
  /** Days a temporary (admin-set, not permanent) password stays valid. */
  tempPasswordValidityDays: number
}

export interface TokenValidity {
  idTokenMinutes: number
  accessTokenMinutes: number
  refreshTokenMinutes: number
}

/** Cognito's policy for every password of ours: 12 characters, every class, symbols included. */
export const passwordPolicy: PasswordPolicy = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  tempPasswordValidityDays: 3,
}

/** Only the sign-in uses Cognito's tokens: the browser then holds our own session cookie. */
export const signInTokenValidity: TokenValidity = {
  idTokenMinutes: 15,
  accessTokenMinutes: 15,
  refreshTokenMinutes: 60,
}

/**
 * The staff pool: users exist only because a supervisor created them; our API checks their
 * passwords with ADMIN_USER_PASSWORD_AUTH (the only flow its one client allows, with refresh).
 */
export const staffPoolDefinition = {
  passwordPolicy,
  adminCreateUserOnly: true,
  mfa: 'OFF',
  client: {
    /** Cognito's names for the flows (CloudFormation's ExplicitAuthFlows). */
    authFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    tokenValidity: signInTokenValidity,
  },
} as const

/** The supervisor pool (AWS only: locally an OpenID Connect provider of ours stands in for it). */
export const supervisorPoolDefinition = {
  passwordPolicy,
  mfa: 'OPTIONAL',
  client: { tokenValidity: signInTokenValidity },
} as const

export interface BucketDefinition {
  /** The bucket's name on the local stack (AWS names it). */
  localName: string
  /** Objects are deleted this many days after they are written (none: kept). */
  expirationDays?: number
  abortIncompleteMultipartUploadDays?: number
}

/** The buckets the functions use (EXPORTS_BUCKET, LOGOS_BUCKET). */
export const bucketDefinitions = {
  /** Approved timesheets' CSVs: a fresh link regenerates the file, so a week is plenty. */
  exports: { localName: 'timesheets-exports', expirationDays: 7, abortIncompleteMultipartUploadDays: 1 },
  logos: { localName: 'timesheets-logos' },
} satisfies Record<string, BucketDefinition>

/** Function timeouts, in seconds: Lambda's in AWS, the local API adapter's locally. */
export const functionTimeouts = {
  /** API Gateway gives up after 30 s; every call we make has a shorter timeout of its own. */
  route: 15,
  /** The email retry job sends at most 50 emails a run: a run ends well before the next one. */
  retryEmails: 120,
  /** The reminders job visits every organization: a run ends well before the next one. */
  reminders: 300,
  /** The export job makes an organization's zip: 10,000 timesheets take well under a minute. */
  export: 600,
  /**
   * The import job applies members imported from a file: 2,000 rows take well under a minute; a
   * run cut short is taken up where it stopped by the next one.
   */
  importMembers: 900,
  /**
   * The erasure job: Lambda's longest. Each step deletes only what is left, so a run
   * cut short (a very large organization) is finished by the retries and the next day's run.
   */
  eraseClosed: 900,
  /** The yearly time-off job reads each member's ledger once: well under a minute per 1,000 members. */
  timeOffYearly: 900,
  /** The nightly Planning Center reconciliation: a few requests per list page, 100 people a page. */
  planningCenterSync: 900,
} as const

/**
 * How often each scheduled job runs, in minutes: an EventBridge rule in AWS (constructs/jobs.ts),
 * a timer on the local stack (local/src/stack.ts). A reminder goes out within this of its time.
 */
export const jobEveryMinutes = {
  reminders: 15,
  /** An export of all an organization's data starts within this of being asked for. */
  export: 1,
  /** An import of members from a file starts within this of being asked for. */
  importMembers: 1,
  /**
   * The erasure of closed organizations, once a day, as of the date it runs: an
   * organization is erased on its erasure date (or the day after), and warned a week before.
   */
  eraseClosed: 24 * 60,
  /**
   * The yearly time off, once a day: each organization's carryover on January 1st and
   * each yearly accrual on its date, in the organization's zone (a second run grants nothing).
   */
  timeOffYearly: 24 * 60,
  /** Planning Center People's reconciliation, nightly (webhooks carry the changes in between). */
  planningCenterSync: 24 * 60,
} as const

/** API Gateway's (HTTP API) largest request payload: a larger body is refused with 413. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024
