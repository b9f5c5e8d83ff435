import type { Use } from '@app/functions'

/**
 * The environment variables of each function, said once: the CDK constructs (constructs/api.ts,
 * jobs.ts) set them from the stack's resources, and the local stack (local/src/stack.ts) gives
 * each invocation the same ones from its emulators. Plain data, no aws-cdk-lib: the local stack
 * imports it without loading the CDK.
 */

/**
 * A secret: its Secrets Manager ARN on AWS (`<NAME>_ARN`, read at cold start), its value on the
 * local stack, which has no Secrets Manager (`<NAME>`; packages/adapters/src/secrets.ts reads either).
 */
export type SecretRef = { arn: string } | { value: string }

/** What the variables are set from: tokens in the CDK stack, literals on the local stack. */
export interface EnvironmentValues {
  appOrigin: string
  tableName: string
  staffPoolId: string
  staffClientId: string
  /** The supervisors' Cognito pool (AWS); the local stack has none (its supervisors use a local identity provider). */
  supervisorPoolId?: string
  exportsBucket: string
  logosBucket: string
  mailFrom: string
  emailLinkSecret: SecretRef
  /** AWS: one JSON secret {secretKey, webhookSecret}; locally the two keys, when billing is configured. */
  stripe: { arn: string } | { secretKey: string; webhookSecret?: string } | undefined
  /** STRIPE_PRICES (JSON), when given. */
  stripePrices?: string
  /** STRIPE_PUBLISHABLE_KEY, when given (an empty key would reach the browser as a key). */
  stripePublishableKey?: string
  oidcIssuer: string
  oidcClientId: string
  oidcClientSecret: SecretRef
  healthToken: SecretRef
  /**
   * The key that seals secrets kept for others (packages/adapters/src/sealed-secrets.ts): the KMS
   * key's ARN on AWS; on the local stack, which has no KMS, an AES key it made and keeps.
   */
  secretsKey: { keyId: string } | { localKey: string }
  /** The secret header value CloudFront sends the API (AWS only: the local stack has no CloudFront). */
  originVerify?: string
  /**
   * The integrations' OAuth apps: one JSON secret on AWS; on the local stack the settings given
   * (QUICKBOOKS_CLIENT_ID...), none unless a test or the developer sets them.
   */
  integrations: { arn: string } | { values: Record<string, string> }
}

const secret = (name: string, ref: SecretRef, arnName = `${name}_ARN`): Record<string, string> =>
  'arn' in ref ? { [arnName]: ref.arn } : { [name]: ref.value }

const stripeSecret = (v: EnvironmentValues): Record<string, string> =>
  v.stripe === undefined
    ? {}
    : 'arn' in v.stripe
      ? { STRIPE_SECRET_ARN: v.stripe.arn }
      : {
          STRIPE_SECRET_KEY: v.stripe.secretKey,
          ...(v.stripe.webhookSecret ? { STRIPE_WEBHOOK_SECRET: v.stripe.webhookSecret } : {}),
        }

const secretsKeyEnvironment = (v: Pick<EnvironmentValues, 'secretsKey'>): Record<string, string> =>
  'keyId' in v.secretsKey ? { SECRETS_KEY_ID: v.secretsKey.keyId } : { LOCAL_SECRETS_KEY: v.secretsKey.localKey }

const integrationsEnvironment = (v: Pick<EnvironmentValues, 'integrations'>): Record<string, string> =>
  'arn' in v.integrations ? { INTEGRATIONS_SECRET_ARN: v.integrations.arn } : v.integrations.values

/** Exactly the variables one `uses` entry sets. A `Record<Use, ...>`: a new use fails to compile until defined here. */
export const environmentByUse: Record<Use, (v: EnvironmentValues) => Record<string, string>> = {
  table: (v) => ({ TABLE_NAME: v.tableName }),
  'table:read': (v) => ({ TABLE_NAME: v.tableName }),
  staffPool: (v) => ({ STAFF_USER_POOL_ID: v.staffPoolId, STAFF_USER_POOL_CLIENT_ID: v.staffClientId }),
  exportsBucket: (v) => ({ EXPORTS_BUCKET: v.exportsBucket }),
  logosBucket: (v) => ({ LOGOS_BUCKET: v.logosBucket }),
  email: (v) => ({ MAIL_FROM: v.mailFrom, ...secret('EMAIL_LINK_SECRET', v.emailLinkSecret) }),
  links: (v) => secret('EMAIL_LINK_SECRET', v.emailLinkSecret),
  stripe: (v) => ({
    ...stripeSecret(v),
    ...(v.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: v.stripePublishableKey } : {}),
    ...(v.stripePrices ? { STRIPE_PRICES: v.stripePrices } : {}),
  }),
  oidc: (v) => ({
    OIDC_ISSUER: v.oidcIssuer,
    OIDC_CLIENT_ID: v.oidcClientId,
    ...secret('OIDC_CLIENT_SECRET', v.oidcClientSecret),
  }),
  secretsKey: secretsKeyEnvironment,
  integrations: integrationsEnvironment,
}

/** Every function has these: source maps in stack traces, and the site's origin. */
export const baseEnvironment = (v: Pick<EnvironmentValues, 'appOrigin'>): Record<string, string> => ({
  NODE_OPTIONS: '--enable-source-maps',
  APP_ORIGIN: v.appOrigin,
})

/** The health check (routeAccess.probes): what its probes need to find each dependency, and its token. */
export const probeEnvironment = (v: EnvironmentValues): Record<string, string> => ({
  ...baseEnvironment(v),
  TABLE_NAME: v.tableName,
  STAFF_USER_POOL_ID: v.staffPoolId,
  EXPORTS_BUCKET: v.exportsBucket,
  LOGOS_BUCKET: v.logosBucket,
  OIDC_ISSUER: v.oidcIssuer,
  ...stripeSecret(v),
  ...secret('HEALTH_TOKEN', v.healthToken, 'HEALTH_TOKEN_SECRET_ARN'),
})

/** The environment of one route's function: its base, plus its uses' (or the probe's, for a probe route), and the origin check's secret. */
export const routeEnvironment = (
  route: { key: string; uses: readonly Use[] },
  probes: readonly string[],
  v: EnvironmentValues,
): Record<string, string> => ({
  ...(probes.includes(route.key)
    ? probeEnvironment(v)
    : Object.assign(baseEnvironment(v), ...[...new Set(route.uses)].map((use) => environmentByUse[use](v)))),
  // Every route checks that CloudFront sent the request (functions/src/http/middleware.ts, originGuard).
  ...(v.originVerify ? { ORIGIN_VERIFY: v.originVerify } : {}),
})

/** The email retry job (and the reminders job): the table and email, as a route's 'table' and 'email' uses have them. */
export const retryJobEnvironment = (
  v: Pick<EnvironmentValues, 'appOrigin' | 'tableName' | 'mailFrom' | 'emailLinkSecret'>,
): Record<string, string> => ({
  ...baseEnvironment(v),
  TABLE_NAME: v.tableName,
  MAIL_FROM: v.mailFrom,
  ...secret('EMAIL_LINK_SECRET', v.emailLinkSecret),
})

/** The export job's: the retry job's, and the exports bucket it writes the zip to. */
export const exportJobEnvironment = (
  v: Pick<EnvironmentValues, 'appOrigin' | 'tableName' | 'mailFrom' | 'emailLinkSecret' | 'exportsBucket'>,
): Record<string, string> => ({ ...retryJobEnvironment(v), EXPORTS_BUCKET: v.exportsBucket })

/**
 * The import job's: the export job's (its file and the credentials file are in the exports
 * bucket; each new member's confirmation email), the staff pool it makes logins in, and the key
 * that seals the temporary passwords until the credentials file holds them.
 */
export const importJobEnvironment = (
  v: Parameters<typeof exportJobEnvironment>[0] & Pick<EnvironmentValues, 'staffPoolId' | 'secretsKey'>,
): Record<string, string> => ({
  ...exportJobEnvironment(v),
  STAFF_USER_POOL_ID: v.staffPoolId,
  ...secretsKeyEnvironment(v),
})

/**
 * The erasure job's: the table, the sender of the week-before warning (which carries no signed
 * link, so no link secret), the staff pool and the supervisor pool whose accounts it deletes, and
 * both buckets whose objects under the organization's prefix it deletes.
 */
export const eraseJobEnvironment = (
  v: Pick<
    EnvironmentValues,
    'appOrigin' | 'tableName' | 'mailFrom' | 'staffPoolId' | 'supervisorPoolId' | 'exportsBucket' | 'logosBucket'
  >,
): Record<string, string> => ({
  ...baseEnvironment(v),
  TABLE_NAME: v.tableName,
  MAIL_FROM: v.mailFrom,
  STAFF_USER_POOL_ID: v.staffPoolId,
  ...(v.supervisorPoolId ? { SUPERVISOR_USER_POOL_ID: v.supervisorPoolId } : {}),
  EXPORTS_BUCKET: v.exportsBucket,
  LOGOS_BUCKET: v.logosBucket,
})

/** The yearly time-off job's: only the table (it sends nothing). */
export const tableJobEnvironment = (v: Pick<EnvironmentValues, 'appOrigin' | 'tableName'>): Record<string, string> => ({
  ...baseEnvironment(v),
  TABLE_NAME: v.tableName,
})

/**
 * Each scheduled job's environment, by the job's name in jobEveryMinutes (definition.ts): the
 * CDK stack's functions (constructs/jobs.ts) and the local stack's timers and `npm run job`
 * (local/src/stack.ts) take them from here.
 */
export const jobEnvironments = {
  // It delivers the due webhooks too, signed with their sealed secrets, and the due sends to the
  // payroll and accounting vendors, with their sealed tokens and the vendors' app settings.
  retryEmails: (
    v: Parameters<typeof retryJobEnvironment>[0] & Pick<EnvironmentValues, 'secretsKey' | 'integrations'>,
  ) => ({
    ...retryJobEnvironment(v),
    ...secretsKeyEnvironment(v),
    ...integrationsEnvironment(v),
  }),
  reminders: retryJobEnvironment,
  export: exportJobEnvironment,
  importMembers: importJobEnvironment,
  eraseClosed: eraseJobEnvironment,
  timeOffYearly: tableJobEnvironment,
  // The retry job's (new members' confirmation links are signed and their emails queued), the staff
  // pool (a deactivated member's login goes), sealed tokens and the vendors' app settings.
  planningCenterSync: (
    v: Parameters<typeof retryJobEnvironment>[0] &
      Pick<EnvironmentValues, 'staffPoolId' | 'secretsKey' | 'integrations'>,
  ) => ({
    ...retryJobEnvironment(v),
    STAFF_USER_POOL_ID: v.staffPoolId,
    ...secretsKeyEnvironment(v),
    ...integrationsEnvironment(v),
  }),
} satisfies Record<string, (v: EnvironmentValues) => Record<string, string>>
export type JobName = keyof typeof jobEnvironments
