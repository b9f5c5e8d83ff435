import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { Use } from '@app/functions'
import { routeAccess, type RouteAccess } from '../lib/route-access.ts'
import type { Synth } from './synth.ts'

/**
 * What each `uses` entry must grant and set, spelled out here independently of the stack code:
 * a function's permissions and environment must be exactly the union of its entries'.
 */
export const envByUse: Record<Use, string[]> = {
  table: ['TABLE_NAME'],
  'table:read': ['TABLE_NAME'],
  staffPool: ['STAFF_USER_POOL_ID', 'STAFF_USER_POOL_CLIENT_ID'],
  exportsBucket: ['EXPORTS_BUCKET'],
  logosBucket: ['LOGOS_BUCKET'],
  email: ['MAIL_FROM', 'EMAIL_LINK_SECRET_ARN'],
  links: ['EMAIL_LINK_SECRET_ARN'],
  stripe: ['STRIPE_SECRET_ARN'],
  oidc: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET_ARN'],
  secretsKey: ['SECRETS_KEY_ID'],
  integrations: ['INTEGRATIONS_SECRET_ARN'],
}

/** Every function has these, whatever it uses. */
export const baseEnv = ['APP_ORIGIN', 'NODE_OPTIONS']
/** Every route's function has these too: the secret CloudFront sends, which each route checks. */
export const routeBaseEnv = [...baseEnv, 'ORIGIN_VERIFY']

export const allUses = Object.keys(envByUse) as Use[]

const on = (actions: string[], resources: string[]) => actions.flatMap((a) => resources.map((r) => `${a} on ${r}`))

const memo = new WeakMap<Synth, Record<Use, string[]>>()

/** `action on resource` lines a use allows, in the notation of `permissionLines`. */
export const permissionsByUse = (s: Synth): Record<Use, string[]> => {
  const known = memo.get(s)
  if (known) return known
  const computed = computePermissionsByUse(s)
  memo.set(s, computed)
  return computed
}

const computePermissionsByUse = (s: Synth): Record<Use, string[]> => {
  const { stack, show } = s
  const table = show(stack.data.table.tableArn)
  const bucket = (arn: string) => [
    ...on(['s3:GetObject', 's3:PutObject'], [`${show(arn)}/*`]),
    ...on(['s3:ListBucket'], [show(arn)]),
  ]
  const secret = (arn: string) => on(['secretsmanager:GetSecretValue'], [show(arn)])
  return {
    table: on(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
      ],
      [table, `${table}/index/*`],
    ),
    // Reads; and (under the condition sessionCondition) sliding or ending the caller's session.
    'table:read': [
      ...on(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'], [table, `${table}/index/*`]),
      ...on(['dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [table]),
    ],
    // Every call a route may be granted; which ones a route gets: staffPoolLines.
    staffPool: on(
      [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminInitiateAuth',
        'cognito-idp:AdminSetUserPassword',
      ],
      [show(stack.auth.staffPool.userPoolArn)],
    ),
    exportsBucket: bucket(stack.files.exports.bucketArn),
    logosBucket: bucket(stack.files.logos.bucketArn),
    secretsKey: on(['kms:Decrypt', 'kms:Encrypt'], [show(stack.secretsKey.key.keyArn)]),
    email: [...on(['ses:SendEmail'], [show(stack.email.identityArn)]), ...secret(stack.email.linkSecret.secretArn)],
    // Checking emailed links: their secret, no sending.
    links: secret(stack.email.linkSecret.secretArn),
    stripe: secret(stack.billing.stripe.secretArn),
    oidc: secret(stack.auth.supervisorClientSecret.secretArn),
    integrations: secret(stack.integrations.secret.secretArn),
  }
}

/** Writing a job's own log group (`<id>Logs`, next to it). */
const ownLogs = (s: Synth, fn: IFunction) =>
  on(
    ['logs:CreateLogStream', 'logs:PutLogEvents'],
    [`<${s.logicalId(fn.node.scope!.node.findChild(`${fn.node.id}Logs`))}.Arn>`],
  )

/** The staff pool calls one route is granted: those route-access.ts lists for it (grants.test.ts checks them against its code). */
const staffPoolLines = (s: Synth, key: string, access: RouteAccess) =>
  on(access.staffPool[key] ?? [], [s.show(s.stack.auth.staffPool.userPoolArn)])

/**
 * The health check's probe role: describe the table (it keeps no session, so it reads and writes
 * no item), describe the staff pool, read one key of each bucket, the SES
 * account, the Stripe and health token secrets.
 */
export const expectedProbePermissions = (s: Synth) => {
  const { stack, show } = s
  const table = show(stack.data.table.tableArn)
  const probeKey = (arn: string) => [
    ...on(['s3:GetObject'], [`${show(arn)}/health-check`]),
    ...on(['s3:ListBucket'], [show(arn)]),
  ]
  return [
    ...on(['dynamodb:DescribeTable'], [table]),
    ...on(['cognito-idp:DescribeUserPool'], [show(stack.auth.staffPool.userPoolArn)]),
    ...probeKey(stack.files.exports.bucketArn),
    ...probeKey(stack.files.logos.bucketArn),
    ...on(['ses:GetAccount'], ['*']),
    ...on(['secretsmanager:GetSecretValue'], [show(stack.billing.stripe.secretArn), show(stack.healthToken.secretArn)]),
  ]
}

/** The one condition of 'table:read': its writes reach session items only. */
export const sessionCondition = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*', 'APITOKEN#*'] } }
/** The condition of every role's denial: items of an organization's audit trail. */
export const auditCondition = { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['ORG#*#AUDIT'] } }

/** Every role, whatever else it is granted: no update or delete of an audit record (under auditCondition). */
export const auditDenyLines = (s: Synth) =>
  ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'].map(
    (a) => `Deny ${a} on ${s.show(s.stack.data.table.tableArn)}`,
  )

export const probeEnv = [
  ...routeBaseEnv,
  'TABLE_NAME',
  'STAFF_USER_POOL_ID',
  'EXPORTS_BUCKET',
  'LOGOS_BUCKET',
  'OIDC_ISSUER',
  'STRIPE_SECRET_ARN',
  'HEALTH_TOKEN_SECRET_ARN',
].sort()

/** Writing the one log group every route function logs to (constructs/api.ts). */
const routeLogs = (s: Synth) =>
  on(['logs:CreateLogStream', 'logs:PutLogEvents'], [`<${s.logicalId(s.stack.api.logGroup)}.Arn>`])

/** The exact permission lines of a route's function: the routes' log group, plus its uses (or the probe's). */
export const expectedPermissions = (s: Synth, key: string, access: RouteAccess = routeAccess) => {
  const byUse = permissionsByUse(s)
  const own = routeLogs(s)
  if (access.probes.includes(key)) return [...own, ...expectedProbePermissions(s), ...auditDenyLines(s)].sort()
  // A line two uses share ('email' and 'links' both read the link secret) is granted once.
  return [
    ...new Set([
      ...own,
      ...auditDenyLines(s),
      ...[...new Set(s.manifest[key]!.uses)].flatMap((use) =>
        use === 'staffPool' ? staffPoolLines(s, key, access) : byUse[use],
      ),
    ]),
  ].sort()
}

/**
 * The email retry job: its log group, the table as 'table' has it, sending as the SES identity,
 * the email link secret, the vendors' settings, and (CDK's, for its dead-letter queue) sending to that queue.
 */
export const expectedJobPermissions = (s: Synth) => {
  const { jobs, email } = s.stack
  return [
    ...ownLogs(s, jobs.retryEmails),
    ...permissionsByUse(s).table,
    ...on(['ses:SendEmail'], [s.show(email.identityArn)]),
    ...on(['secretsmanager:GetSecretValue'], [s.show(email.linkSecret.secretArn)]),
    ...on(['sqs:SendMessage'], [s.show(jobs.deadLetterQueue.queueArn)]),
    // It delivers the due webhooks and vendor sends, whose secrets and tokens are sealed with the
    // stack's key, and refreshes the vendors' tokens with their apps' settings.
    ...permissionsByUse(s).secretsKey,
    ...permissionsByUse(s).integrations,
    ...auditDenyLines(s),
  ].sort()
}

export const expectedJobEnv = [...baseEnv, 'TABLE_NAME', 'MAIL_FROM', 'EMAIL_LINK_SECRET_ARN'].sort()

/**
 * The erasure job's one exemption: audit records it may delete one by one, but never
 * put, update or batch-write (under auditCondition), instead of every other role's denial.
 */
export const auditEraseOnlyLines = (s: Synth) =>
  ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'].map(
    (a) => `Deny ${a} on ${s.show(s.stack.data.table.tableArn)}`,
  )

/** An organization's folder in a bucket, as IAM matches it: a UUID's shape, then '/'. */
export const orgPrefixPattern = '????????-????-????-????-????????????'

/**
 * The erasure job, spelled out: its log group; the table and its indexes without
 * ConditionCheckItem (its one transaction, the warning, updates and puts); listing (under the
 * condition `s3:prefix` like orgPrefixPattern) and deleting objects under an organization's folder
 * of the exports and logos buckets; deleting staff sign-in accounts, and finding and deleting
 * supervisor accounts in the supervisor pool; sending the warning (no link
 * secret: the warning has no signed link); sending to the dead-letter queue; and its own denial.
 */
export const expectedEraseJobPermissions = (s: Synth) => {
  const { jobs, email, files, auth, data } = s.stack
  const table = s.show(data.table.tableArn)
  const buckets = [files.exports.bucketArn, files.logos.bucketArn].map((b) => s.show(b))
  return [
    ...ownLogs(s, jobs.eraseClosed),
    ...on(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ],
      [table, `${table}/index/*`],
    ),
    ...on(
      ['s3:DeleteObject'],
      buckets.map((b) => `${b}/${orgPrefixPattern}/*`),
    ),
    ...on(['s3:ListBucket'], buckets),
    ...on(['cognito-idp:AdminDeleteUser'], [s.show(auth.staffPool.userPoolArn)]),
    ...on(['cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'], [s.show(auth.supervisorPool.userPoolArn)]),
    ...on(['ses:SendEmail'], [s.show(email.identityArn)]),
    ...on(['sqs:SendMessage'], [s.show(jobs.deadLetterQueue.queueArn)]),
    ...auditEraseOnlyLines(s),
  ].sort()
}

export const expectedEraseJobEnv = [
  ...baseEnv,
  'TABLE_NAME',
  'MAIL_FROM',
  'STAFF_USER_POOL_ID',
  'SUPERVISOR_USER_POOL_ID',
  'EXPORTS_BUCKET',
  'LOGOS_BUCKET',
].sort()

export const expectedEnv = (s: Synth, key: string, access: RouteAccess = routeAccess) =>
  access.probes.includes(key)
    ? probeEnv
    : [...routeBaseEnv, ...[...new Set(s.manifest[key]!.uses)].flatMap((use) => envByUse[use])].sort()
