import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb'
import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { tableDefinition } from '@app/data'
import { bucketDefinitions, staffPoolDefinition } from '@app/infra/lib/definition.ts'

/** The table as the local stack creates it: keys, indexes (all attributes projected) and TTL of the table definition. */
export const tableInput = (name: string, d: typeof tableDefinition = tableDefinition) => {
  const attrs = [d.partitionKey, d.sortKey, ...d.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]
  const keys = (hash: string, range: string) => [
    { AttributeName: hash, KeyType: 'HASH' as const },
    { AttributeName: range, KeyType: 'RANGE' as const },
  ]
  return {
    create: {
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...new Set(attrs)].map((a) => ({ AttributeName: a, AttributeType: 'S' as const })),
      KeySchema: keys(d.partitionKey, d.sortKey),
      GlobalSecondaryIndexes: d.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: keys(i.partitionKey, i.sortKey),
        Projection: { ProjectionType: 'ALL' as const },
      })),
    } satisfies CreateTableCommandInput,
    timeToLive: { AttributeName: d.ttlAttribute, Enabled: true },
  }
}

/** Creates the table (infra/lib/constructs/data.ts builds the same from the same definition) when missing. */
export const ensureTable = async (dynamo: DynamoDBClient, name: string) => {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: name }))
    return
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e
  }
  const input = tableInput(name)
  await dynamo.send(new CreateTableCommand(input.create))
  await waitUntilTableExists({ client: dynamo, maxWaitTime: 30 }, { TableName: name })
  await dynamo.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: input.timeToLive }))
}

type StaffPoolDefinition = typeof staffPoolDefinition

/** The staff pool's settings as Cognito's API takes them, from infra's definition (the deployed pool's too). */
export const staffPoolSettings = (d: StaffPoolDefinition = staffPoolDefinition) => ({
  AdminCreateUserConfig: { AllowAdminCreateUserOnly: d.adminCreateUserOnly },
  MfaConfiguration: d.mfa,
  Policies: {
    PasswordPolicy: {
      MinimumLength: d.passwordPolicy.minLength,
      RequireLowercase: d.passwordPolicy.requireLowercase,
      RequireUppercase: d.passwordPolicy.requireUppercase,
      RequireNumbers: d.passwordPolicy.requireDigits,
      RequireSymbols: d.passwordPolicy.requireSymbols,
      TemporaryPasswordValidityDays: d.passwordPolicy.tempPasswordValidityDays,
    },
  },
})

/** The staff pool's one client as Cognito's API takes it. */
export const staffClientSettings = (d: StaffPoolDefinition = staffPoolDefinition) => ({
  ExplicitAuthFlows: [...d.client.authFlows],
  GenerateSecret: false,
  IdTokenValidity: d.client.tokenValidity.idTokenMinutes,
  AccessTokenValidity: d.client.tokenValidity.accessTokenMinutes,
  RefreshTokenValidity: d.client.tokenValidity.refreshTokenMinutes,
  TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' } as const,
})

/** The buckets the local stack creates, with the lifecycle AWS applies (the S3 emulator does not expire objects). */
export const localBuckets = (d: typeof bucketDefinitions = bucketDefinitions) => d

export interface StaffPool {
  userPoolId: string
  clientId: string
}

/**
 * The staff pool (admin-created users only), remembered in `dir/stack.json` across restarts.
 * A pool made by an older definition gets the current settings, as a deploy would update it.
 */
export const ensureStaffPool = async (cognito: CognitoIdentityProviderClient, dir: string): Promise<StaffPool> => {
  const file = join(dir, 'stack.json')
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { staffPool?: StaffPool }) : {}
  if (saved.staffPool) {
    try {
      await cognito.send(new DescribeUserPoolCommand({ UserPoolId: saved.staffPool.userPoolId }))
      await cognito.send(new UpdateUserPoolCommand({ UserPoolId: saved.staffPool.userPoolId, ...staffPoolSettings() }))
      return saved.staffPool
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') throw e
    }
  }
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: 'staff', ...staffPoolSettings() }))
  const userPoolId = pool.UserPool!.Id!
  const client = await cognito.send(
    new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'staff-api', ...staffClientSettings() }),
  )
  const staffPool = { userPoolId, clientId: client.UserPoolClient!.ClientId! }
  writeFileSync(file, JSON.stringify({ ...saved, staffPool }, null, 2))
  return staffPool
}

export interface LocalSecrets {
  emailLinkSecret: string
  /** Opens GET /api/health's details (HEALTH_TOKEN; infra's HealthToken secret in AWS). */
  healthToken: string
  /**
   * The local stack's stand-in for the stack's KMS key (LOCAL_SECRETS_KEY: base64 of 32 bytes):
   * it seals webhook signing secrets here as the KMS key does on AWS.
   */
  secretsKey: string
}

/** Secrets the functions need (in AWS they come from Secrets Manager), made once and kept in `dir/stack.json`. */
export const ensureSecrets = (dir: string): LocalSecrets => {
  const file = join(dir, 'stack.json')
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {}
  if (saved.emailLinkSecret && saved.healthToken && saved.secretsKey) {
    return { emailLinkSecret: saved.emailLinkSecret, healthToken: saved.healthToken, secretsKey: saved.secretsKey }
  }
  const secrets = {
    emailLinkSecret: saved.emailLinkSecret ?? randomBytes(32).toString('base64url'),
    healthToken: saved.healthToken ?? randomBytes(30).toString('base64url'),
    secretsKey: saved.secretsKey ?? randomBytes(32).toString('base64'),
  }
  writeFileSync(file, JSON.stringify({ ...saved, ...secrets }, null, 2))
  return secrets
}
