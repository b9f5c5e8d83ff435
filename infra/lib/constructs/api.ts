import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { Aws, Fn, RemovalPolicy } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import {
  ApiMapping,
  CfnStage,
  DomainName,
  HttpApi,
  HttpStage,
  type HttpRoute,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2'
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam'
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { IKey } from 'aws-cdk-lib/aws-kms'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito'
import { Construct } from 'constructs'
import { HEALTH_PROBE_KEY } from '@app/adapters'
import type { Route, Use } from '@app/functions'
import { routeEnvironment, type EnvironmentValues } from '../environment.ts'
import { routeAccess, type RouteAccess } from '../route-access.ts'
import { allow, functionLogGroup } from './lambda.ts'
import { RouteGroup, routeGroupOf, routeId } from './route-group.ts'

export { functionBundling } from './lambda.ts'
export { FUNCTIONS_PER_INVOKE_ROLE, routeId } from './route-group.ts'

/** What the stack needs of a manifest entry (functions/src/routes.ts). */
export type ManifestRoute = Pick<Route, 'method' | 'path' | 'uses'> & Partial<Pick<Route, 'keepsNoSession'>>
export type Manifest = Record<string, ManifestRoute>

/** Everything a route may declare in `uses`, plus the site origin every function needs. */
export interface RouteResources {
  appOrigin: string
  table: ITable
  staffPool: IUserPool
  staffClient: IUserPoolClient
  exportsBucket: IBucket
  logosBucket: IBucket
  /** The SES identity to send as, and the secret that signs the Approve/Decline links in emails. */
  email: { identityArn: string; mailFrom: string; linkSecret: ISecret }
  stripe: {
    /** JSON `{secretKey, webhookSecret}`. */
    secret: ISecret
    /** STRIPE_PRICES (JSON), when the context gives it. */
    prices?: string
    /** STRIPE_PUBLISHABLE_KEY, when the context gives it (without it checkout says billing is not configured). */
    publishableKey?: string
  }
  oidc: { issuer: string; clientId: string; clientSecret: ISecret }
  /** The token that opens the health check's details (a plain string). */
  healthToken: ISecret
  /** The header value CloudFront adds to every API request (a dynamic reference to its secret). */
  originVerify?: string
  /** The KMS key that seals secrets kept for others (constructs/secrets-key.ts). */
  secretsKey: IKey
  /** The integrations' OAuth apps, one JSON secret (constructs/integrations.ts). */
  integrations: ISecret
}

export interface ApiProps {
  rateLimit: number
  burstLimit: number
  /** Each sign-in route's own steady rate and burst (routeAccess.signIn). */
  signInRateLimit: number
  signInBurstLimit: number
  /**
   * The site's domain with a certificate for it in the app's region: the API then answers only
   * through this custom domain (CloudFront's origin), and its execute-api endpoint is disabled.
   */
  customDomain?: { domainName: string; certificateArn: string }
}

export interface AddRoutesProps {
  manifest: Manifest
  /** Absolute path of functions/src: a key `a/b` is the file `<functionsDir>/a/b.ts`. */
  functionsDir: string
  /** Where the per-route entry files are written; must be inside `projectRoot`. */
  entriesDir: string
  /** The directory holding package-lock.json (esbuild resolves packages from here). */
  projectRoot: string
  resources: RouteResources
  /** Per-route narrowing of the grants (default: lib/route-access.ts). */
  access?: RouteAccess
  /**
   * The published API's document, made from the manifest at synth, and the route that serves it:
   * its bundle carries the document instead of the whole manifest.
   */
  openApi?: PublishedOpenApi
}

export interface PublishedOpenApi {
  key: string
  document: object
}

/** Every staff pool call a route may be granted (which ones: routeAccess.staffPool, per route). */
export const staffPoolActions = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminSetUserPassword',
]

/** Item reads and writes, and transactions (which need these). No Scan. */
export const tableActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
]

/** What 'table:read' allows on the table and its indexes (BatchGetItem: a session, its member and the closure at once). */
export const tableReadActions = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']

/**
 * The session middleware slides (UpdateItem) or ends (DeleteItem) the caller's session, whatever
 * the route, and a request with an API token counts its rate and stamps its use (UpdateItem):
 * a read-only route (and the health check) may write items under SESSION# and APITOKEN# only
 * (packages/data/src/keys.ts). LeadingKeys is the partition key of every item the call touches.
 */
export const sessionWrites = (table: ITable) =>
  new PolicyStatement({
    actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    resources: [table.tableArn],
    conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*', 'APITOKEN#*'] } },
  })

/** The partition keys of audit records (keys.auditRecord). */
export const AUDIT_PARTITIONS = 'ORG#*#AUDIT'

/**
 * The audit trail is append-only for every role: no function may update or delete an
 * item whose partition is an organization's audit trail (`ORG#<o>#AUDIT`, packages/data/src/keys.ts),
 * whatever else it is granted. Records are written by PutItem (in the change's own transaction).
 */
export const auditAppendOnly = (table: ITable) =>
  denyOnAudit(table, ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'])

/** Denies `actions` on any item of an audit trail: one call touching one is refused whole. */
const denyOnAudit = (table: ITable, actions: string[]) =>
  new PolicyStatement({
    effect: Effect.DENY,
    actions,
    resources: [table.tableArn],
    conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_PARTITIONS] } },
  })

/**
 * The one exemption from `auditAppendOnly`, for the erasure job's role alone (constructs/jobs.ts):
 * an organization that closed and was not reopened within 30 days must leave nothing
 * behind, its audit trail included. So that role gets this denial instead of that one: it may
 * delete an audit record, one item at a time (DeleteItem, which only removes), and may never
 * write, change or batch-write one (PutItem, UpdateItem, and BatchWriteItem, which can put as well
 * as delete and which IAM cannot tell apart): it can erase a trail whole, never rewrite history.
 * Every other role, routes and jobs alike, keeps `auditAppendOnly`.
 */
export const auditEraseOnly = (table: ITable) =>
  denyOnAudit(table, ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'])

/** Object reads and writes (a bucket also gets ListBucket: see `objects`). Only the erasure job deletes objects. */
export const objectActions = ['s3:GetObject', 's3:PutObject']

/** Writes (only when changed, atomically: test files synthesize in parallel) the entry esbuild bundles. */
export const writeEntry = (
  entriesDir: string,
  functionsDir: string,
  key: string,
  openApi?: PublishedOpenApi,
): string => {
  const file = join(entriesDir, `${key}.ts`)
  const publishes = openApi?.key === key
  if (publishes) writeIfChanged(join(entriesDir, `${key}.json`), JSON.stringify(openApi.document))
  const source =
    `// Generated by infra/lib/constructs/api.ts: the Lambda entry of route '${key}'.\n` +
    `import route from ${JSON.stringify(join(functionsDir, `${key}.ts`))}\n` +
    (publishes
      ? `import { publishOpenApi } from ${JSON.stringify(join(functionsDir, 'http/published-openapi.ts'))}\n` +
        `import document from ${JSON.stringify(`./${basename(key)}.json`)}\n` +
        `publishOpenApi(document)\n`
      : '') +
    `export const handler = route.lambda\n`
  writeIfChanged(file, source)
  return file
}

const writeIfChanged = (file: string, source: string) => {
  let current: string | undefined
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    current = undefined
  }
  if (current !== source) {
    mkdirSync(dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, source)
    renameSync(tmp, file)
  }
}

/** Object reads and writes in one bucket; ListBucket so a missing key answers NoSuchKey, not AccessDenied. */
const objects = (bucket: IBucket) => [
  allow(objectActions, [bucket.arnForObjects('*')]),
  allow(['s3:ListBucket'], [bucket.bucketArn]),
]

/** The one Secrets Manager call the code makes (packages/adapters/src/secrets.ts). */
export const readSecret = (secret: ISecret) => allow(['secretsmanager:GetSecretValue'], [secret.secretArn])

/** Sending as the SES identity. */
export const sendEmail = (identityArn: string) => allow(['ses:SendEmail'], [identityArn])

/** The table and its indexes (what 'table' means; the retry job has the same). */
export const tableStatements = (table: ITable) => [allow(tableActions, [table.tableArn, `${table.tableArn}/index/*`])]

/**
 * Exactly what one `uses` entry allows a route (its environment variables: lib/environment.ts).
 * A `Record<Use, ...>`, so a new kind of use fails to compile until it is defined here.
 */
export const grants: Record<
  Use,
  (r: RouteResources, route: { key: string; access: RouteAccess; keepsNoSession?: boolean }) => PolicyStatement[]
> = {
  table: (r) => tableStatements(r.table),
  // A route that keeps no session (the health check) gets no session writes either.
  'table:read': (r, { keepsNoSession }) => [
    allow(tableReadActions, [r.table.tableArn, `${r.table.tableArn}/index/*`]),
    ...(keepsNoSession ? [] : [sessionWrites(r.table)]),
  ],
  staffPool: (r, { key, access }) => {
    const actions = access.staffPool[key]
    if (!actions) {
      throw new Error(`Route '${key}' uses the staff pool: list the calls it makes in infra/lib/route-access.ts`)
    }
    const unknown = actions.filter((a) => !staffPoolActions.includes(a))
    if (unknown.length)
      throw new Error(`route-access.ts: '${key}' lists unknown staff pool calls ${unknown.join(', ')}`)
    return [allow(actions, [r.staffPool.userPoolArn])]
  },
  exportsBucket: (r) => objects(r.exportsBucket),
  logosBucket: (r) => objects(r.logosBucket),
  email: (r) => [
    sendEmail(r.email.identityArn),
    // Emails carry (and the decision routes check) the signed Approve/Decline links.
    readSecret(r.email.linkSecret),
  ],
  // Checking emailed links (decision and unsubscribe pages) needs their secret, not sending.
  links: (r) => [readSecret(r.email.linkSecret)],
  stripe: (r) => [readSecret(r.stripe.secret)],
  oidc: (r) => [readSecret(r.oidc.clientSecret)],
  secretsKey: (r) => [sealWith(r.secretsKey)],
  integrations: (r) => [readSecret(r.integrations)],
}

/** Sealing and opening secrets with the stack's key, and nothing else of KMS. */
export const sealWith = (key: IKey) => allow(['kms:Encrypt', 'kms:Decrypt'], [key.keyArn])

/** What the functions' environment variables are set from, in the CDK stack (tokens, mostly). */
export const environmentValues = (r: RouteResources): EnvironmentValues => ({
  appOrigin: r.appOrigin,
  tableName: r.table.tableName,
  staffPoolId: r.staffPool.userPoolId,
  staffClientId: r.staffClient.userPoolClientId,
  exportsBucket: r.exportsBucket.bucketName,
  logosBucket: r.logosBucket.bucketName,
  mailFrom: r.email.mailFrom,
  emailLinkSecret: { arn: r.email.linkSecret.secretArn },
  stripe: { arn: r.stripe.secret.secretArn },
  stripePrices: r.stripe.prices,
  stripePublishableKey: r.stripe.publishableKey,
  oidcIssuer: r.oidc.issuer,
  oidcClientId: r.oidc.clientId,
  oidcClientSecret: { arn: r.oidc.clientSecret.secretArn },
  healthToken: { arn: r.healthToken.secretArn },
  originVerify: r.originVerify,
  secretsKey: { keyId: r.secretsKey.keyArn },
  integrations: { arn: r.integrations.secretArn },
})

/**
 * The health check's role: it is public and keeps no session, so it may only look. Describe the
 * table (its probe; it reads no item); describe the staff pool; read one key of each bucket
 * (ListBucket so a missing key answers NoSuchKey, not AccessDenied); read the SES account status;
 * read the Stripe secret (is billing configured?) and the health token secret. No other call.
 */
export const probeStatements = (r: RouteResources): PolicyStatement[] => {
  const table = r.table.tableArn
  const bucket = (b: IBucket) => [
    allow(['s3:GetObject'], [b.arnForObjects(HEALTH_PROBE_KEY)]),
    allow(['s3:ListBucket'], [b.bucketArn]),
  ]
  return [
    allow(['dynamodb:DescribeTable'], [table]),
    allow(['cognito-idp:DescribeUserPool'], [r.staffPool.userPoolArn]),
    ...bucket(r.exportsBucket),
    ...bucket(r.logosBucket),
    // SES has no resource for the account's sending status.
    allow(['ses:GetAccount'], ['*']),
    readSecret(r.stripe.secret),
    readSecret(r.healthToken),
  ]
}

/**
 * The HTTP API and one Lambda function per manifest route. Each function gets only the
 * permissions and environment variables of the `uses` it declares. The routes' resources are in
 * nested stacks, one per folder of functions/src (route-group.ts), so the parent stack does not
 * grow with them; the API, its stage and domain stay here. To keep a route cheap in its stack (a
 * function, an integration and a route), the route functions log to one shared log group
 * (`FunctionLogs`: Lambda names each log stream `YYYY/MM/DD/<function name>[<version>]<environment id>`
 * in a shared group, so each function's logs stay apart), and routes of a folder whose IAM
 * statements are identical share one role (`<Folder>Role<hash of the statements>`): a role allows
 * exactly what each of its functions needs.
 *
 * Concurrency: no function reserves concurrency. Reserving would carve the account's pool
 * (1,000 by default, as little as 10 on a new account; ask for more through Service Quotas
 * before launch) into slices that idle most of the week and still run dry on Monday morning.
 * The stage's rate and burst limits (context `apiRateLimit`, `apiBurstLimit`) cap the whole API
 * instead, and the throttles alarm says when the account limit is reached.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi
  readonly stage: HttpStage
  /**
   * The API's hostname, for CloudFront's origin: its custom domain's regional target when it has
   * one (CloudFront then forwards the viewer's Host, the custom domain's name), else execute-api's.
   */
  readonly domainName: string
  /** Whether the API answers only through its custom domain (its execute-api endpoint disabled). */
  readonly customDomain: boolean
  /** Every route's function, by its manifest key (each lives in its folder's RouteGroup). */
  readonly functions = new Map<string, NodejsFunction>()
  /** Every route, by its manifest key (in its folder's RouteGroup too). */
  readonly routes = new Map<string, HttpRoute>()
  /** The one log group every route function writes (not the jobs: jobs.ts). */
  readonly logGroup: LogGroup
  /** The nested stacks of the routes, one per folder of functions/src (route-group.ts), by folder. */
  readonly groups = new Map<string, RouteGroup>()
  private readonly signInLimits: { rate: number; burst: number }

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    this.signInLimits = { rate: props.signInRateLimit, burst: props.signInBurstLimit }
    this.httpApi = new HttpApi(this, 'Http', {
      description: 'Ministry timesheets API, reached through CloudFront at /api/*',
      createDefaultStage: false,
      // With a custom domain, CloudFront's origin is that domain and nothing else reaches the API:
      // requests to execute-api would invoke functions and spend the stage's throttle unfiltered.
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    })
    this.customDomain = props.customDomain !== undefined
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    })
    this.logGroup = functionLogGroup(this, 'FunctionLogs')
    if (props.customDomain) {
      const domain = new DomainName(this, 'Domain', {
        domainName: props.customDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        securityPolicy: SecurityPolicy.TLS_1_2,
      })
      const mapping = new ApiMapping(this, 'Mapping', { api: this.httpApi, domainName: domain, stage: this.stage })
      mapping.node.addDependency(this.stage)
      this.domainName = domain.regionalDomainName
    } else {
      this.domainName = Fn.join('', [this.httpApi.apiId, '.execute-api.', Aws.REGION, '.', Aws.URL_SUFFIX])
    }
  }

  /** One function and one route per manifest entry. */
  addRoutes(props: AddRoutesProps) {
    const signInRoutes: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {}
    const access = props.access ?? routeAccess
    const values = environmentValues(props.resources)
    for (const [key, route] of Object.entries(props.manifest)) {
      const probe = access.probes.includes(key)
      const uses = [...new Set(route.uses)].sort()
      const httpRoute = this.groupOf(key, props.projectRoot).addRoute(key, {
        method: route.method,
        path: route.path,
        description: `${route.method} ${route.path} (functions/src/${key}.ts)`,
        entry: writeEntry(props.entriesDir, props.functionsDir, key, props.openApi),
        environment: routeEnvironment({ key, uses: route.uses }, access.probes, values),
        statements: [
          ...(probe
            ? probeStatements(props.resources)
            : uses.flatMap((use) =>
                grants[use](props.resources, { key, access, keepsNoSession: route.keepsNoSession }),
              )),
          auditAppendOnly(props.resources.table),
        ],
        // What the role allows, not which route asked first (the role may serve several routes).
        roleDescription: () =>
          probe
            ? 'The health check: read-only probes of its dependencies'
            : `Route functions that may use ${uses
                .map((use) => (use === 'staffPool' ? `staffPool (${access.staffPool[key]!.join(', ')})` : use))
                .join(', ')}${route.keepsNoSession ? ' (keeping no session)' : ''}`,
      })
      this.functions.set(key, this.groups.get(routeGroupOf(key))!.functions.get(key)!)
      this.routes.set(key, httpRoute)
      if (access.signIn.includes(key)) {
        // Its own throttle, so a flood of sign-in attempts cannot use up the whole stage's limit;
        // the stage names the route, so it must exist first.
        // RouteSettings is a plain JSON map in CloudFormation: CDK passes it as it is, so CloudFormation's case.
        signInRoutes[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: this.signInLimits.rate,
          ThrottlingBurstLimit: this.signInLimits.burst,
        }
        // Across stacks: the stage then depends on the route's nested stack as a whole.
        this.stage.node.addDependency(httpRoute)
      }
    }
    if (Object.keys(signInRoutes).length) {
      ;(this.stage.node.defaultChild as CfnStage).routeSettings = signInRoutes
    }
  }

  /** The nested stack of a route's folder, made when its first route comes. */
  private groupOf(key: string, projectRoot: string) {
    const folder = routeGroupOf(key)
    let group = this.groups.get(folder)
    if (!group) {
      const idPrefix = routeId(folder)
      group = new RouteGroup(this, `Routes${idPrefix}`, {
        idPrefix,
        description: `Ministry timesheets: the API routes of functions/src/${folder}`,
        httpApi: this.httpApi,
        logGroup: this.logGroup,
        projectRoot,
      })
      this.groups.set(folder, group)
    }
    return group
  }
}
