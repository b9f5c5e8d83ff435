import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { Use } from '@app/functions'
import type { Synth } from './synth.ts'

/**
 * What each `uses` entry must grant and set, spelled out here independently of the stack code:
 * a function's permissions and environment must be exactly the union of its entries'.
 */
export const envByUse: Record<Use, string[]> = {
  table: ['TABLE_NAME'],
  staffPool: ['STAFF_USER_POOL_ID', 'STAFF_USER_POOL_CLIENT_ID'],
  exportsBucket: ['EXPORTS_BUCKET'],
  logosBucket: ['LOGOS_BUCKET'],
  email: ['MAIL_FROM', 'EMAIL_LINK_SECRET_ARN'],
  stripe: ['STRIPE_SECRET_ARN'],
  oidc: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET_ARN'],
}

/** Every function has these, whatever it uses. */
export const baseEnv = ['APP_ORIGIN', 'NODE_OPTIONS']

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
    ...on(['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [`${show(arn)}/*`]),
    ...on(['s3:ListBucket'], [show(arn)]),
  ]
  const secret = (arn: string) => on(['secretsmanager:GetSecretValue'], [show(arn)])
  return {
    table: on(
      [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DescribeTable',
      ],
      [table, `${table}/index/*`],
    ),
    staffPool: on(
      [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminInitiateAuth',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminUserGlobalSignOut',
        'cognito-idp:DescribeUserPool',
      ],
      [show(stack.auth.staffPool.userPoolArn)],
    ),
    exportsBucket: bucket(stack.files.exports.bucketArn),
    logosBucket: bucket(stack.files.logos.bucketArn),
    email: [
      ...on(['ses:SendEmail'], [show(stack.email.identityArn)]),
      ...on(['ses:GetAccount'], ['*']),
      ...secret(stack.email.linkSecret.secretArn),
    ],
    stripe: secret(stack.billing.stripe.secretArn),
    oidc: secret(stack.auth.supervisorClientSecret.secretArn),
  }
}

/** Writing a function's own log group (`<id>Logs`, next to it). */
const ownLogs = (s: Synth, fn: IFunction) =>
  on(
    ['logs:CreateLogStream', 'logs:PutLogEvents'],
    [`<${s.logicalId(fn.node.scope!.node.findChild(`${fn.node.id}Logs`))}.Arn>`],
  )

/** The exact permission lines of a route's function: its own log group, plus its uses. */
export const expectedPermissions = (s: Synth, key: string) => {
  const byUse = permissionsByUse(s)
  return [
    ...ownLogs(s, s.stack.api.functions.get(key)!),
    ...[...new Set(s.manifest[key]!.uses)].flatMap((use) => byUse[use]),
  ].sort()
}

/**
 * The email retry job: its log group, the table as 'table' has it, sending as the SES identity,
 * the email link secret, and (CDK's, for its dead-letter queue) sending to that queue.
 */
export const expectedJobPermissions = (s: Synth) => {
  const { jobs, email } = s.stack
  return [
    ...ownLogs(s, jobs.retryEmails),
    ...permissionsByUse(s).table,
    ...on(['ses:SendEmail'], [s.show(email.identityArn)]),
    ...on(['secretsmanager:GetSecretValue'], [s.show(email.linkSecret.secretArn)]),
    ...on(['sqs:SendMessage'], [s.show(jobs.deadLetterQueue.queueArn)]),
  ].sort()
}

export const expectedJobEnv = [...baseEnv, 'TABLE_NAME', 'MAIL_FROM', 'EMAIL_LINK_SECRET_ARN'].sort()

export const expectedEnv = (s: Synth, key: string) =>
  [...baseEnv, ...[...new Set(s.manifest[key]!.uses)].flatMap((use) => envByUse[use])].sort()
