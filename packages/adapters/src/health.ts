import { DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider'
import { clients } from './aws.ts'
import { billingConfigured } from './billing.ts'
import { config } from './config.ts'

export type DependencyState = 'ok' | 'down' | 'not configured'

const TIMEOUT_MS = 2000

const probe = async (check: () => Promise<unknown>): Promise<DependencyState> => {
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
    ])
    return 'ok'
  } catch {
    return 'down'
  }
}

/** An object-level read (NoSuchKey is fine): it needs only s3:GetObject, not s3:ListBucket. */
const bucketReachable = async (bucket: string) => {
  try {
    const out = await clients.s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'health-check' }))
    out.Body?.transformToByteArray().catch(() => undefined)
  } catch (e) {
    if ((e as Error).name !== 'NoSuchKey') throw e
  }
}

/** The state of every dependency, for GET /api/health. */
export const checkDependencies = async (): Promise<Record<string, DependencyState>> => {
  const entries = await Promise.all(
    [
      ['table', probe(() => clients.dynamo.send(new DescribeTableCommand({ TableName: config.tableName })))] as const,
      [
        'staffPool',
        probe(() => clients.cognito.send(new DescribeUserPoolCommand({ UserPoolId: config.staffPoolId }))),
      ] as const,
      ['exportsBucket', probe(() => bucketReachable(config.exportsBucket))] as const,
      ['logosBucket', probe(() => bucketReachable(config.logosBucket))] as const,
      ['email', probe(() => clients.ses.send(new GetAccountCommand({})))] as const,
      [
        'identityProvider',
        probe(async () => {
          const res = await fetch(new URL('.well-known/openid-configuration', config.oidc.issuer.replace(/\/?$/, '/')))
          if (!res.ok) throw new Error(String(res.status))
        }),
      ] as const,
      ['billing', billingConfigured().then((yes): DependencyState => (yes ? 'ok' : 'not configured'))] as const,
    ].map(async ([name, state]) => [name, await state] as const),
  )
  return Object.fromEntries(entries)
}
