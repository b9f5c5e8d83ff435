import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb'
import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { tableDefinition } from '@app/data'

/** Creates the table (same keys and indexes as infra) when missing. */
export const ensureTable = async (dynamo: DynamoDBClient, name: string) => {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: name }))
    return
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e
  }
  const d = tableDefinition
  const attrs = [d.partitionKey, d.sortKey, ...d.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]
  await dynamo.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attrs.map((a) => ({ AttributeName: a, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: d.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  )
  await waitUntilTableExists({ client: dynamo, maxWaitTime: 30 }, { TableName: name })
  await dynamo.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: d.ttlAttribute, Enabled: true },
    }),
  )
}

export interface StaffPool {
  userPoolId: string
  clientId: string
}

/** The staff pool (admin-created users only), remembered in `dir/stack.json` across restarts. */
export const ensureStaffPool = async (cognito: CognitoIdentityProviderClient, dir: string): Promise<StaffPool> => {
  const file = join(dir, 'stack.json')
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { staffPool?: StaffPool }) : {}
  if (saved.staffPool) {
    try {
      await cognito.send(new DescribeUserPoolCommand({ UserPoolId: saved.staffPool.userPoolId }))
      return saved.staffPool
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') throw e
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'staff',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
    }),
  )
  const userPoolId = pool.UserPool!.Id!
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'staff-api',
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  )
  const staffPool = { userPoolId, clientId: client.UserPoolClient!.ClientId! }
  writeFileSync(file, JSON.stringify({ ...saved, staffPool }, null, 2))
  return staffPool
}

/** Secrets the functions need (in AWS they come from Secrets Manager), made once and kept in `dir/stack.json`. */
export const ensureSecrets = (dir: string): { emailLinkSecret: string } => {
  const file = join(dir, 'stack.json')
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { emailLinkSecret?: string }) : {}
  if (saved.emailLinkSecret) return { emailLinkSecret: saved.emailLinkSecret }
  const emailLinkSecret = randomBytes(32).toString('base64url')
  writeFileSync(file, JSON.stringify({ ...saved, emailLinkSecret }, null, 2))
  return { emailLinkSecret }
}
