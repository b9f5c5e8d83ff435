import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { INTEGRATION_BASE_URLS, resetClients, withEnvironment } from '@app/adapters'
import { contentSecurityPolicy, integrationSettings, securityHeaders } from '@app/core'
import {
  eraseClosedHandler,
  exportJob,
  importMembersJob,
  remindersJob,
  retryEmailsJob,
  openApiOfManifest,
  publishOpenApi,
  routes,
  timeOffYearlyHandler,
  planningCenterSyncHandler,
  type Route,
} from '@app/functions'
import {
  environmentByUse,
  jobEnvironments,
  probeEnvironment,
  routeEnvironment,
  type EnvironmentValues,
  type JobName,
} from '@app/infra/lib/environment.ts'
import { jobEveryMinutes } from '@app/infra/lib/definition.ts'
import { routeAccess } from '@app/infra/lib/route-access.ts'
import { invoke, routeMatcher } from './api-gateway.ts'
import { installLambdaConsole, withRequestId } from './lambda-logs.ts'
import { startCognito, startDynamo, startS3, startSes, type Running } from './emulators.ts'
import { LOCAL_OIDC_CLIENT, startIdentityProvider } from './identity-provider.ts'
import { assertFree, configuredPorts, type Ports, type Service } from './ports.ts'
import {
  ensureSecrets,
  ensureStaffPool,
  ensureTable,
  localBuckets,
  type LocalSecrets,
  type StaffPool,
} from './provision.ts'
import { devWeb, staticWeb, type WebHandler } from './web.ts'

export const repoRoot = resolve(import.meta.dirname, '../..')

export interface StackOptions {
  ports: Ports
  /** Where the emulators keep their data; kept across restarts. */
  dataDir: string
  /** 'dev' serves web/ through Vite, 'dist' the built bundle, 'none' only the API. */
  web: 'dev' | 'dist' | 'none'
  /** Extra environment for the handlers (e.g. STRIPE_SECRET_KEY). */
  env?: Record<string, string>
  /** DynamoDB Local keeps the table in memory only (a test stack, whose data is thrown away). */
  tableInMemory?: boolean
  /** DynamoDB Local's JVM compiles with its full JIT (the bench's measured stack); else C1 only. */
  fullJit?: boolean
  /**
   * Whether a timer runs the export job (as its AWS rule does); on by default. The test stack runs
   * it only when a test calls it: the security suite compares an organization's items before and
   * after each case, and a timer finishing an export between the two would move them.
   */
  exportTimer?: boolean
  /** Whether a timer runs the import job; on by default, off on the test stack for the same reason. */
  importTimer?: boolean
}

export interface Stack {
  appUrl: string
  inboxUrl: string
  issuer: string
  env: Record<string, string>
  stop: () => Promise<void>
}

/**
 * Every variable any function gets on the local stack, together: what the stack's own code, the
 * test workers that call handlers directly, and scripts such as the seeder read. Each function
 * itself gets only its own (functionEnvironments).
 */
export const stackEnvironment = (
  ports: Ports,
  dataDir: string,
  pool: StaffPool,
  secrets: LocalSecrets,
): Record<string, string> => {
  const values = localEnvironmentValues(ports, pool, secrets)
  const every = Object.assign(probeEnvironment(values), ...Object.values(environmentByUse).map((vars) => vars(values)))
  // Source maps are on for this process already (vitest, tsx); nothing to pass on.
  const { NODE_OPTIONS: _, ...variables } = every as Record<string, string>
  return { ...localRuntimeEnvironment(ports), ...variables }
}

/** The values the template's variables take on this stack: the emulators' names, the secrets' values. */
export const localEnvironmentValues = (
  ports: Ports,
  pool: StaffPool,
  secrets: LocalSecrets,
  extra: Record<string, string> = {},
): EnvironmentValues => ({
  appOrigin: `http://127.0.0.1:${ports.app}`,
  tableName: 'timesheets',
  staffPoolId: pool.userPoolId,
  staffClientId: pool.clientId,
  exportsBucket: localBuckets().exports.localName,
  logosBucket: localBuckets().logos.localName,
  mailFrom: 'Timesheets <no-reply@timesheets.local>',
  emailLinkSecret: { value: secrets.emailLinkSecret },
  stripe: extra.STRIPE_SECRET_KEY
    ? { secretKey: extra.STRIPE_SECRET_KEY, webhookSecret: extra.STRIPE_WEBHOOK_SECRET }
    : undefined,
  stripePrices: extra.STRIPE_PRICES,
  stripePublishableKey: extra.STRIPE_PUBLISHABLE_KEY,
  oidcIssuer: `http://127.0.0.1:${ports.idp}`,
  oidcClientId: LOCAL_OIDC_CLIENT.id,
  oidcClientSecret: { value: LOCAL_OIDC_CLIENT.secret },
  healthToken: { value: secrets.healthToken },
  secretsKey: { localKey: secrets.secretsKey },
  integrations: { values: integrationValues(extra) },
})

/** The integrations' settings among the variables a stack was started with (none unless given). */
const integrationValues = (extra: Record<string, string>) => {
  const names = new Set(Object.values(integrationSettings).flat())
  return Object.fromEntries(Object.entries(extra).filter(([name, value]) => names.has(name) && value))
}

/**
 * What every function gets on this stack besides its template variables: what Lambda's runtime
 * sets (region, credentials), and the emulators' addresses that stand in for AWS's own endpoints
 * (with the local identity provider's plain http allowed). None of these is in the template.
 */
export const localRuntimeEnvironment = (ports: Ports, extra: Record<string, string> = {}): Record<string, string> => ({
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
  COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognito}`,
  S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
  SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
  OIDC_ALLOW_INSECURE: 'true',
  ...(extra.STRIPE_API_BASE ? { STRIPE_API_BASE: extra.STRIPE_API_BASE } : {}),
  // A local double of a vendor (tests), in place of its real addresses.
  ...Object.fromEntries(Object.entries(extra).filter(([name]) => INTEGRATION_BASE_URLS.includes(name))),
})

/**
 * Each route's environment on this stack: exactly the variables the template gives its function
 * (infra/lib/environment.ts, with the local values), plus the local runtime's. The API adapter
 * runs each invocation with it (api-gateway.ts), so a variable the function lacks on AWS is
 * missing here too.
 */
export const functionEnvironments = (
  values: EnvironmentValues,
  runtime: Record<string, string>,
): Map<Route, Record<string, string>> =>
  new Map(
    Object.entries(routes).map(([key, route]) => [
      route,
      { ...runtime, ...routeEnvironment({ key, uses: route.uses }, routeAccess.probes, values) },
    ]),
  )

/** A scheduled job's environment on this stack: the template's variables of its function (environment.ts), and the runtime's. */
export const jobEnvironment = (job: JobName, values: EnvironmentValues, runtime: Record<string, string>) => ({
  ...runtime,
  ...jobEnvironments[job](values),
})

/**
 * A job's environment on the stack already running (`npm run job`), so a job run by hand has
 * exactly the variables its function has on AWS and on the stack's own timer.
 */
export const runningJobEnvironment = (job: JobName, ports: Ports = configuredPorts(), dataDir = localDataDir()) => {
  const saved = savedStack(dataDir)
  return jobEnvironment(
    job,
    localEnvironmentValues(ports, saved.staffPool, ensureSecrets(dataDir)),
    localRuntimeEnvironment(ports),
  )
}

const localDataDir = () => process.env.LOCAL_DATA_DIR ?? join(repoRoot, '.local')
const savedStack = (dataDir: string) => {
  const file = join(dataDir, 'stack.json')
  if (!existsSync(file)) throw new Error(`No local stack data in ${dataDir}: start the stack first with npm start`)
  return JSON.parse(readFileSync(file, 'utf8')) as { staffPool: StaffPool }
}

/** The environment of a stack already running on these ports with this data directory. */
export const runningStackEnvironment = (ports: Ports, dataDir: string) =>
  stackEnvironment(ports, dataDir, savedStack(dataDir).staffPool, ensureSecrets(dataDir))

/**
 * Points this process (a script) at the local stack already running, unless TABLE_NAME already
 * says where the table is; the AWS clients are made again for the new endpoints.
 */
export const useRunningStack = () => {
  if (process.env.TABLE_NAME) return
  Object.assign(process.env, runningStackEnvironment(configuredPorts(), localDataDir()))
  resetClients()
}

const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })

/** Starts every emulator, provisions what is missing, and serves the API and the web on one origin. */
export const startStack = async (options: StackOptions): Promise<Stack> => {
  const { ports, dataDir } = options
  for (const [service, port] of Object.entries(ports)) await assertFree(service as Service, port)
  mkdirSync(dataDir, { recursive: true })
  const appUrl = `http://127.0.0.1:${ports.app}`
  const running: Running[] = []
  const stopAll = async () => {
    await Promise.all(
      running
        .splice(0)
        .reverse()
        .map((r) => r.stop().catch(() => undefined)),
    )
  }

  try {
    const idp = startIdentityProvider(ports.idp, join(dataDir, 'idp'), [`${appUrl}/api/callback`])
    const settled = await Promise.allSettled([
      startDynamo(ports.dynamodb, join(dataDir, 'dynamodb'), {
        inMemory: options.tableInMemory,
        fullJit: options.fullJit,
      }),
      startCognito(ports.cognito, join(dataDir, 'cognito')),
      startS3(
        ports.s3,
        join(dataDir, 's3'),
        Object.values(localBuckets()).map((b) => b.localName),
      ),
      startSes(ports.ses),
      idp,
    ])
    for (const s of settled) if (s.status === 'fulfilled') running.push(s.value)
    const failed = settled.find((s) => s.status === 'rejected')
    if (failed) throw failed.reason
    const { issuer } = await idp

    await ensureTable(new DynamoDBClient({ ...local, endpoint: `http://127.0.0.1:${ports.dynamodb}` }), 'timesheets')
    const pool = await ensureStaffPool(
      new CognitoIdentityProviderClient({ ...local, endpoint: `http://127.0.0.1:${ports.cognito}` }),
      dataDir,
    )

    const secrets = ensureSecrets(dataDir)
    const env = { ...stackEnvironment(ports, dataDir, pool, secrets), ...options.env }
    // What the stack's own code (and a script reaching it) reads; each function runs with its own.
    Object.assign(process.env, env)
    resetClients()
    const values = localEnvironmentValues(ports, pool, secrets, options.env)
    const runtime = localRuntimeEnvironment(ports, options.env)
    const environments = functionEnvironments(values, runtime)

    const match = routeMatcher(Object.values(routes))
    // What the CDK app bundles into the published API's function at synth.
    publishOpenApi(openApiOfManifest().document)
    // Logos come from the local S3 emulator's pre-signed links; the deployed policy has no such address.
    const headers = securityHeaders(
      contentSecurityPolicy(options.web === 'dev' ? [`ws://127.0.0.1:${ports.app}`] : [], [
        `http://127.0.0.1:${ports.s3}`,
      ]),
    )
    if (options.web === 'dev') {
      // Vite's dev client injects inline scripts; the built bundle keeps the strict policy.
      headers['content-security-policy'] = headers['content-security-policy']!.replace(
        "script-src 'self'",
        "script-src 'self' 'unsafe-inline'",
      )
    }
    delete headers['strict-transport-security'] // plain http on loopback

    let web: WebHandler | undefined
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!
      if (path.startsWith('/api/')) {
        const found = match(req.method ?? 'GET', path)
        if (found === undefined || typeof found === 'string') {
          const [status, message] =
            found === 'method-not-allowed'
              ? [405, 'Method not allowed']
              : found === 'bad-path'
                ? [400, 'Bad request']
                : [404, 'Not found']
          res.writeHead(status, { 'content-type': 'application/json', ...headers })
          res.end(JSON.stringify({ message }))
          return
        }
        invoke(found, req, res, headers, environments.get(found.route)!).catch((e: unknown) => {
          console.error(e)
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Internal server error' }))
        })
        return
      }
      if (!web) {
        res.writeHead(404, headers).end()
        return
      }
      web(req, res, headers)
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(ports.app, '127.0.0.1', resolve)
    })
    running.push({ name: 'app', stop: () => closeServer(server) })

    // Handlers log as they do on Lambda (JSON log format); the stack's own messages stay plain.
    const restoreConsole = installLambdaConsole()
    running.push({ name: 'lambda logs', stop: async () => restoreConsole() })

    // In AWS an EventBridge rule runs each job (infra/lib/constructs/jobs.ts); here a timer does,
    // with the environment its function has there.
    const timer = (job: JobName, name: string, everyMs: number, run: () => Promise<unknown>) => {
      const environment = jobEnvironment(job, values, runtime)
      const id = setInterval(
        () => void withEnvironment(environment, () => withRequestId(randomUUID(), run)).catch(() => undefined),
        everyMs,
      )
      id.unref()
      running.push({ name, stop: async () => clearInterval(id) })
    }
    // The email retry job, more often than on AWS (every 5 minutes there) so the local inbox is quick.
    timer('retryEmails', 'email retry', 30_000, () => retryEmailsJob())
    timer('reminders', 'reminders', jobEveryMinutes.reminders * 60_000, () => remindersJob())
    // The export job.
    if (options.exportTimer !== false) timer('export', 'exports', jobEveryMinutes.export * 60_000, () => exportJob())
    // The import job (members from a file); tests that drive it themselves turn the timer off.
    if (options.importTimer !== false)
      timer('importMembers', 'imports', jobEveryMinutes.importMembers * 60_000, () => importMembersJob())
    // The erasure job: its scheduled run, as of the date it runs, once a day.
    timer('eraseClosed', 'erasure', jobEveryMinutes.eraseClosed * 60_000, () => eraseClosedHandler())
    // The yearly time-off job, once a day.
    timer('timeOffYearly', 'yearly time off', jobEveryMinutes.timeOffYearly * 60_000, () => timeOffYearlyHandler())
    // Planning Center's nightly reconciliation.
    timer('planningCenterSync', 'Planning Center sync', jobEveryMinutes.planningCenterSync * 60_000, () =>
      planningCenterSyncHandler(),
    )

    if (options.web === 'dist') web = staticWeb(join(repoRoot, 'web/dist'))
    if (options.web === 'dev') {
      const dev = await devWeb(join(repoRoot, 'web'), server)
      web = dev.handler
      running.unshift({ name: 'vite', stop: dev.close })
    }

    // Child processes of the emulators, so a crash test can kill everything the way a power cut would.
    writeFileSync(
      join(dataDir, 'pids.json'),
      JSON.stringify({ stack: process.pid, children: running.flatMap((r) => (r.pid ? [r.pid] : [])) }),
    )
    return { appUrl, inboxUrl: `http://127.0.0.1:${ports.ses}/`, issuer, env, stop: stopAll }
  } catch (e) {
    await stopAll()
    throw e
  }
}
