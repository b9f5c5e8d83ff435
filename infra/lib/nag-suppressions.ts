import type { Stack } from 'aws-cdk-lib'
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources'
import type { IConstruct } from 'constructs'
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag'
import type { Use } from '@app/functions'
import type { Manifest } from './constructs/api.ts'
import { routeAccess, type RouteAccess } from './route-access.ts'

/**
 * The constructs the suppressions concern: what app-stack.ts passes in (an interface rather than
 * the stack's class, so this file and app-stack.ts do not import each other).
 */
export interface NagTargets {
  stack: Stack
  functions: ReadonlyMap<string, IConstruct & { role?: IConstruct }>
  retryEmails: IConstruct & { role?: IConstruct }
  reminders: IConstruct & { role?: IConstruct }
  exportJob: IConstruct & { role?: IConstruct }
  importMembersJob: IConstruct & { role?: IConstruct }
  eraseClosedJob: IConstruct & { role?: IConstruct }
  timeOffYearlyJob: IConstruct & { role?: IConstruct }
  planningCenterSyncJob: IConstruct & { role?: IConstruct }
  httpApi: IConstruct
  /** The API's routes (in nested stacks, not under the HTTP API construct: constructs/route-group.ts). */
  routes: Iterable<IConstruct>
  distribution: IConstruct
  hasCustomCertificate: boolean
  supervisorPool: IConstruct
  staffPool: IConstruct
  secrets: {
    stripe: IConstruct
    emailLink: IConstruct
    supervisorClient: IConstruct
    healthToken: IConstruct
    originVerify: IConstruct
    integrations: IConstruct
  }
}

/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, in one place, each with its reason
 * and scoped to the resources it concerns. Anything else is an error: synth and the infra
 * tests fail on it.
 */

/** What a route's grants raise on that function's role only, by the use that causes it. */
const byUse: Partial<Record<Use, NagPackSuppression>> = {
  table: {
    id: 'AwsSolutions-IAM5',
    reason: "'table': the only wildcard is <table ARN>/index/*, the table's own global secondary indexes, for Query",
    appliesTo: [{ regex: '/^Resource::<DataTable[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/' }],
  },
  'table:read': {
    id: 'AwsSolutions-IAM5',
    reason:
      "'table:read': the only wildcard is <table ARN>/index/*, the table's own global secondary indexes, for Query",
    appliesTo: [{ regex: '/^Resource::<DataTable[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/' }],
  },
  exportsBucket: {
    id: 'AwsSolutions-IAM5',
    reason: "'exportsBucket': Get/Put/DeleteObject on the objects (<bucket ARN>/*) of that one bucket",
    appliesTo: [{ regex: '/^Resource::<FilesExports[A-Za-z0-9]+\\.Arn>\\/\\*$/' }],
  },
  logosBucket: {
    id: 'AwsSolutions-IAM5',
    reason: "'logosBucket': Get/Put/DeleteObject on the objects (<bucket ARN>/*) of that one bucket",
    appliesTo: [{ regex: '/^Resource::<FilesLogos[A-Za-z0-9]+\\.Arn>\\/\\*$/' }],
  },
}

const functionRuntime: NagPackSuppression = {
  id: 'AwsSolutions-L1',
  reason:
    'Node.js 22 on purpose: the LTS line the code is built and tested for (esbuild target node22); move with the local toolchain',
}

/** The handlers aws-cdk-lib brings (BucketDeployment, AwsCustomResource): their code and roles are CDK's. */
const cdkProvided: NagPackSuppression[] = [
  {
    id: 'AwsSolutions-IAM4',
    reason: 'CDK-provided handler: AWSLambdaBasicExecutionRole only lets it write its own CloudWatch logs',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "CDK's BucketDeployment grants: read the CDK asset bucket's objects, write/list/delete objects of the site bucket it deploys to, and create CloudFront invalidations (which have no resource-level permission)",
    appliesTo: [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-.+\\/\\*$/' },
      { regex: '/^Resource::arn:aws:s3:::cdk-[a-z0-9]+-assets-.+\\/\\*$/' },
      { regex: '/^Resource::<FilesSite[A-Za-z0-9]+\\.Arn>\\/\\*$/' },
      'Resource::*',
    ],
  },
  {
    id: 'AwsSolutions-L1',
    reason: 'CDK-provided handler: aws-cdk-lib chooses and updates its runtime',
  },
]

/** The health check's probe role (constructs/api.ts, probeGrant). */
const probe: NagPackSuppression = {
  id: 'AwsSolutions-IAM5',
  reason:
    'Health probe: ses:GetAccount (read-only, the account sending status) has no resource-level permission, so its resource is *',
  appliesTo: ['Resource::*'],
}

export const suppressNagFindings = (targets: NagTargets, manifest: Manifest, access: RouteAccess = routeAccess) => {
  const add = (construct: IConstruct | IConstruct[], suppressions: NagPackSuppression[]) =>
    NagSuppressions.addResourceSuppressions(construct, suppressions, true)

  for (const [key, fn] of targets.functions) {
    add(fn, [functionRuntime])
    const accepted = access.probes.includes(key)
      ? [probe]
      : [...new Set(manifest[key]!.uses)].flatMap((use) => byUse[use] ?? [])
    if (accepted.length) add(fn.role!, accepted)
  }

  // The email retry job: the table as 'table' has it (its only wildcard is the index one).
  add(targets.retryEmails, [functionRuntime])
  add(targets.retryEmails.role!, [byUse.table!])
  // The reminders job: the same grants as the retry job.
  add(targets.reminders, [functionRuntime])
  add(targets.reminders.role!, [byUse.table!])
  // The export job: the retry job's grants and the exports bucket's objects.
  add(targets.exportJob, [functionRuntime])
  add(targets.exportJob.role!, [byUse.table!, byUse.exportsBucket!])
  // The import job: the export job's grants (its staff pool and key grants name one resource each).
  add(targets.importMembersJob, [functionRuntime])
  add(targets.importMembersJob.role!, [byUse.table!, byUse.exportsBucket!])
  // The erasure job: the table's indexes, and deleting only under an organization's prefix.
  // The yearly time-off job: the table as 'table' has it.
  add(targets.timeOffYearlyJob, [functionRuntime])
  add(targets.timeOffYearlyJob.role!, [byUse.table!])
  // Planning Center's reconciliation: the table as 'table' has it (its pool, key and secret name one resource each).
  add(targets.planningCenterSyncJob, [functionRuntime])
  add(targets.planningCenterSyncJob.role!, [byUse.table!])
  add(targets.eraseClosedJob, [functionRuntime])
  add(targets.eraseClosedJob.role!, [
    byUse.table!,
    {
      id: 'AwsSolutions-IAM5',
      reason:
        "The erasure job: DeleteObject on <bucket ARN>/<an organization's id>/* of the exports and logos buckets (an organization's id is only known when it is erased; the pattern matches a UUID's shape, so nothing outside an organization's folder)",
      appliesTo: [{ regex: '/^Resource::<Files(Exports|Logos)[A-Za-z0-9]+\\.Arn>\\/[?-]+\\/\\*$/' }],
    },
  ])

  const sessionAuthorization: NagPackSuppression = {
    id: 'AwsSolutions-APIG4',
    reason:
      "Authorization is the session cookie, checked in every function by the shared session middleware against the route's `auth` (functions/src/http/middleware.ts); login, callback, staff login and health are public by design",
  }
  add(targets.httpApi, [sessionAuthorization])
  const routes = [...targets.routes]
  if (routes.length) add(routes, [sessionAuthorization])

  add(targets.distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'Churches and ministries anywhere may use the product: no country is refused',
    },
    ...(targets.hasCustomCertificate
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              "Only without a custom domain: the default *.cloudfront.net certificate's TLS policy is AWS's to set. With context domainName + certificateArn the distribution requires TLSv1.2_2021",
          },
        ]),
  ])

  add(
    [targets.supervisorPool, targets.staffPool],
    [
      {
        id: 'AwsSolutions-COG8',
        reason:
          "No Plus feature plan (a charge per active user): supervisors' sign-in security is their identity provider's; staff passwords are generated strong by the server, and failed staff logins are slowed and locked by our own counter",
      },
    ],
  )
  add(targets.supervisorPool, [
    {
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP) for supervisors with pool accounts; federated supervisors get MFA from their own identity provider',
    },
  ])
  add(targets.staffPool, [
    {
      id: 'AwsSolutions-COG2',
      reason:
        'Staff and volunteers sign in through our API with ADMIN_USER_PASSWORD_AUTH and server-generated strong passwords; many share a church phone, and the flow has no MFA step',
    },
  ])

  /** A secret rolled by hand rather than by Secrets Manager's rotation, and why. */
  const notRotated = (secret: Parameters<typeof add>[0], reason: string) =>
    add(secret, [{ id: 'AwsSolutions-SMG4', reason }])
  notRotated(
    targets.secrets.stripe,
    "Stripe keys are rolled in Stripe's dashboard, then stored here with put-secret-value (infra/README.md)",
  )
  notRotated(
    targets.secrets.integrations,
    "The integrations' OAuth client secrets are rolled in each vendor's developer portal, then stored here with put-secret-value",
  )
  notRotated(
    targets.secrets.emailLink,
    "Rotating the email link key would void every Approve/Decline link in supervisors' inboxes (valid 7 days); to roll it after a leak, put a new value (infra/README.md): open links then say they are not valid and point to the dashboard",
  )
  notRotated(
    targets.secrets.supervisorClient,
    'A copy of the Cognito app client secret, which Cognito cannot rotate in place (rotation means a new app client, i.e. a deploy)',
  )

  // Singletons at the stack's root: BucketDeployment's handler, and AwsCustomResource's (which
  // copies the app client secret, Auth.supervisorClientSecret).
  const customResourceId = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`
  notRotated(
    targets.secrets.originVerify,
    'CloudFront and the functions take its value at deploy time (a dynamic reference); a rotation would take effect only at the next deploy, so it is rolled with put-secret-value and a deploy (infra/README.md)',
  )
  notRotated(
    targets.secrets.healthToken,
    'The health token only opens the health details (no data, no change); roll it by hand (put-secret-value) when a holder leaves: functions read it at their next cold start',
  )

  const handlers = targets.stack.node.children.filter(
    (c) => c.node.id.startsWith('Custom::CDKBucketDeployment') || c.node.id === customResourceId,
  )
  if (handlers.length) add(handlers, cdkProvided)
}

/**
 * The AWS Control Tower proactive controls (cfn-guard, @cdklabs/cdk-validator-cfnguard) this app
 * does not meet, by their rule file (ct-<service>-pr-<n>), each with its reason. validators.ts
 * disables exactly these; any other failing
 * control stops synth, as an unsuppressed cdk-nag finding does.
 */
export const acceptedGuardRules: Record<string, string> = {
  'ct-apigateway-pr-5':
    'CT.APIGATEWAY.PR.5: authorization is the session cookie, checked in every function by the shared session middleware (as AwsSolutions-APIG4 above); login, callback, staff login, health and the Stripe webhook are public by design',
  'ct-lambda-pr-2':
    "CT.LAMBDA.PR.2: the route functions have no resource policy (API Gateway calls them as an invoke role that only apigateway.amazonaws.com may assume); the jobs' only resource policies let events.amazonaws.com invoke them from their own schedule rule (SourceArn); no other principal",
  'ct-lambda-pr-3':
    'CT.LAMBDA.PR.3: the functions reach only AWS APIs (DynamoDB, S3, SES, Cognito, Secrets Manager) and Stripe over TLS with IAM; a VPC would add NAT gateways (a fixed hourly cost) and protect nothing more',
  'ct-cloudwatch-pr-2':
    'CT.CLOUDWATCH.PR.2: function logs are kept 1 month and API access logs 3 months on purpose: they hold names, emails and addresses of volunteers, kept no longer than needed to debug',
  'ct-cloudwatch-pr-3':
    'CT.CLOUDWATCH.PR.3: CloudWatch Logs encrypts every log group at rest with AWS-owned keys; a customer-managed KMS key (a monthly cost, key policy to run) adds no protection against anyone who can read the logs',
  'ct-dynamodb-pr-2':
    'CT.DYNAMODB.PR.2: the table is encrypted at rest with the AWS-owned key (DynamoDB default); a customer-managed key adds cost and a key policy, and no protection against the roles that may read the table',
  'ct-s3-pr-10':
    'CT.S3.PR.10: every bucket is encrypted with S3-managed keys (SSE-S3); KMS would add a per-request cost to every pre-signed logo and CSV download',
  'ct-s3-pr-11':
    'CT.S3.PR.11: the site is redeployed from git, CSV exports are regenerated on demand and expire after 7 days, a replaced logo is meant to be gone, and access logs are append-only: nothing to restore',
  'ct-s3-pr-9':
    'CT.S3.PR.9: no object here must be kept immutable (exports expire after 7 days, logos are replaced, logs expire after 90 days)',
  'ct-s3-pr-4': 'CT.S3.PR.4: nothing reacts to object changes; the functions that write objects act on them themselves',
  'ct-s3-pr-6':
    'CT.S3.PR.6: exports (7 days) and logs (90 days) expire; the site bucket holds the deployed app and the logos bucket the current logos, both kept as long as the app runs',
  'ct-s3-pr-5':
    "CT.S3.PR.5: only the logs bucket allows ACLs (object writer ownership, log delivery write): CloudFront's standard logs are delivered with an ACL, so that bucket must accept them (AWS's requirement, not a choice)",
  'ct-s3-pr-2':
    'CT.S3.PR.2: the one bucket without server access logging is the logs bucket itself (logging it into itself would loop)',
  'ct-sqs-pr-1':
    "CT.SQS.PR.1: the one queue is the email retry job's dead-letter queue; a dead-letter queue of a dead-letter queue would hold nothing (its messages are read by a person, after the alarm)",
  'ct-cloudfront-pr-4':
    'CT.CLOUDFRONT.PR.4: one region, one API and one site bucket: there is no second origin to fail over to',
  'ct-cloudfront-pr-6':
    "CT.CLOUDFRONT.PR.6: without context domainName the distribution serves its *.cloudfront.net name with CloudFront's certificate; with domainName + certificateArn it uses that ACM certificate",
  'ct-cloudfront-pr-7':
    "CT.CLOUDFRONT.PR.7: only without a custom domain (CloudFront's own certificate, no SNI setting); with domainName the distribution uses SNI",
  'ct-cloudfront-pr-9':
    "CT.CLOUDFRONT.PR.9: only without a custom domain: the default certificate's TLS policy is AWS's to set (as AwsSolutions-CFR4 above); with domainName the distribution requires TLSv1.2_2021",
}
