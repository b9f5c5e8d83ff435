import { timingSafeEqual } from 'node:crypto'
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider'
import { dynamoClient } from './client-dynamodb.ts'
import { s3Client } from './client-s3.ts'
import { sesClient } from './client-ses.ts'
import { cognitoClient } from './client-cognito.ts'
import { config, need } from './config.ts'
import { billingConfigured, secrets } from './secrets.ts'

export type DependencyState = 'ok' | 'down' | 'not configured'

const TIMEOUT_MS = 2000
/** How long anonymous callers see the same summary: the probes run at most this often for them. */
const SUMMARY_TTL_MS = 30_000

/** A dependency's state; whatever the check throws (a timeout, AccessDenied, bad JSON) reads as down. */
const probe = async (check: () => Promise<DependencyState | void>): Promise<DependencyState> => {
  try {
    const state = await Promise.race([
      check(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
    ])
    return state ?? 'ok'
  } catch {
    return 'down'
  }
}

/**
 * The status of a GET of `url`, its body dropped. Plain node:http rather than fetch: fetch loads
 * undici on its first call, about a fifth of the health check's cold start in CPU, where the SDK
 * clients have loaded node:http already. Redirects are not followed (a discovery document is served
 * where its issuer says).
 */
const statusOf = (url: URL) =>
  new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsGet : httpGet)(url, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    request.once('error', reject)
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timeout')))
  })

/** The one key the health check reads in a bucket (infra grants s3:GetObject on it alone). */
export const HEALTH_PROBE_KEY = 'health-check'

/** An object-level read of one key (NoSuchKey is fine). */
const bucketReachable = async (bucket: string) => {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: HEALTH_PROBE_KEY }))
    out.Body?.transformToByteArray().catch(() => undefined)
  } catch (e) {
    if ((e as Error).name !== 'NoSuchKey') throw e
  }
}

/** The state of every dependency, for GET /api/health. Never throws. */
export const checkDependencies = async (): Promise<Record<string, DependencyState>> => {
  const entries = await Promise.all(
    [
      [
        'table',
        probe(async () => void (await dynamoClient().send(new DescribeTableCommand({ TableName: config.tableName })))),
      ] as const,
      [
        'staffPool',
        probe(
          async () =>
            void (await cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: config.staffPoolId }))),
        ),
      ] as const,
      ['exportsBucket', probe(() => bucketReachable(config.exportsBucket))] as const,
      ['logosBucket', probe(() => bucketReachable(config.logosBucket))] as const,
      ['email', probe(async () => void (await sesClient().send(new GetAccountCommand({}))))] as const,
      [
        'identityProvider',
        probe(async () => {
          // The issuer alone: the health check is not an OIDC client (no client id in its environment).
          const issuer = need('OIDC_ISSUER').replace(/\/?$/, '/')
          const status = await statusOf(new URL('.well-known/openid-configuration', issuer))
          if (status < 200 || status > 299) throw new Error(String(status))
        }),
      ] as const,
      // A Secrets Manager failure or a Stripe secret that is not JSON: billing is down, not the check.
      ['billing', probe(async () => ((await billingConfigured()) ? 'ok' : 'not configured'))] as const,
    ].map(async ([name, state]) => [name, await state] as const),
  )
  return Object.fromEntries(entries)
}

export const isHealthy = (dependencies: Record<string, DependencyState>) =>
  Object.values(dependencies).every((s) => s !== 'down')

let summary: { at: number; value: Promise<boolean> } | undefined

/**
 * Whether every dependency is up, as anonymous callers see it: probed at most once per
 * SUMMARY_TTL_MS per function instance, so a flood of calls costs no more than one caller.
 */
export const cachedHealthSummary = (now = Date.now()): Promise<boolean> => {
  if (!summary || now - summary.at >= SUMMARY_TTL_MS) {
    const value = checkDependencies().then(isHealthy)
    const entry = { at: now, value }
    summary = entry
    // Only a healthy answer is kept: during an outage every caller sees the recovery at once.
    void value.then((ok) => {
      if (!ok && summary === entry) summary = undefined
    })
  }
  return summary.value
}

/**
 * True when `authorization` is `Bearer <the configured health token>` (HEALTH_TOKEN, or the secret
 * HEALTH_TOKEN_SECRET_ARN). No token configured, or the secret unreadable: false.
 */
export const healthTokenMatches = async (authorization: string | undefined): Promise<boolean> => {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!given) return false
  const expected = await secrets.healthToken().catch(() => undefined)
  if (!expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
