import { it } from 'vitest'
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider'
import { clients, config, need, billingConfigured } from '@app/adapters'
const time = async (name: string, f: () => Promise<unknown>) => {
  const s = performance.now()
  try { await f() } catch (e) { void e }
  return `${name} ${Math.round(performance.now() - s)}`
}
it('times', async () => {
  for (let round = 0; round < 2; round++) {
    const r = await Promise.all([
      time('table', () => clients.dynamo.send(new DescribeTableCommand({ TableName: config.tableName }))),
      time('pool', () => clients.cognito.send(new DescribeUserPoolCommand({ UserPoolId: config.staffPoolId }))),
      time('s3', () => clients.s3.send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: 'health-check' }))),
      time('ses', () => clients.ses.send(new GetAccountCommand({}))),
      time('idp', () => fetch(new URL('.well-known/openid-configuration', need('OIDC_ISSUER').replace(/\/?$/, '/')))),
      time('billing', () => billingConfigured()),
    ])
    console.log('ROUND', round, r.join(', '))
  }
})
