import { Match } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy, securityHeaders } from '@app/core'
import { tableDefinition } from '@app/data'
import { show, synth, type CfnResourceJson, type Synth } from './synth.ts'

/** The real manifest with default context, not bundled (api.test.ts bundles). */
let s: Synth
beforeAll(() => {
  s = synth()
}, 60_000)
afterAll(() => s?.cleanup())

const ofType = (type: string) => Object.entries(s.resources).filter(([, r]) => r.Type === type)
const one = (type: string): CfnResourceJson => {
  const all = ofType(type)
  expect(all, type).toHaveLength(1)
  return all[0]![1]
}
const id = (construct: Parameters<Synth['logicalId']>[0]) => s.logicalId(construct)

describe('the table', () => {
  it('is built from packages/data/src/table-definition.ts: keys, GSIs, TTL', () => {
    const table = one('AWS::DynamoDB::Table').Properties!
    expect(table.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ])
    expect(table.GlobalSecondaryIndexes).toEqual(
      tableDefinition.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    )
    const keys: string[] = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ]
    expect(table.AttributeDefinitions).toEqual(keys.map((k) => ({ AttributeName: k, AttributeType: 'S' })))
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.ttlAttribute, Enabled: true })
  })

  it('is on-demand, with point-in-time recovery and deletion protection, and outlives the stack', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    })
  })
})

describe('the buckets', () => {
  const buckets = () => ofType('AWS::S3::Bucket')
  const policyOf = (bucketId: string) =>
    ofType('AWS::S3::BucketPolicy').find(([, p]) => show(p.Properties!.Bucket) === `<${bucketId}>`)?.[1]

  it('are the site, logos, exports and logs buckets', () => {
    expect(
      buckets()
        .map(([k]) => k)
        .sort(),
    ).toEqual([s.stack.files.site, s.stack.files.logos, s.stack.files.exports, s.stack.files.logs].map(id).sort())
  })

  it('are none of them public: every public-access block on, encrypted, no website, no public ACL', () => {
    for (const [k, b] of buckets()) {
      const p = b.Properties!
      expect(p.PublicAccessBlockConfiguration, k).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      })
      expect(p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe(
        'AES256',
      )
      expect(p.WebsiteConfiguration).toBeUndefined()
      expect(p.AccessControl).toBeUndefined()
      expect(b.DeletionPolicy).toBe('Retain')
    }
  })

  it('refuse plain HTTP, and allow no one but CloudFront (this distribution) and the S3 log service', () => {
    const distribution = id(s.stack.site.distribution)
    for (const [k] of buckets()) {
      const statements = policyOf(k)!.Properties!.PolicyDocument.Statement as Record<string, any>[]
      expect(statements, k).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Principal: { AWS: '*' },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      )
      for (const st of statements.filter((x) => x.Effect === 'Allow')) {
        expect(st.Principal, k).not.toEqual('*')
        expect(st.Principal.AWS, k).toBeUndefined()
        const service = st.Principal.Service as string
        expect(['cloudfront.amazonaws.com', 'logging.s3.amazonaws.com'], k).toContain(service)
        if (service === 'cloudfront.amazonaws.com') {
          expect(st.Action).toBe('s3:GetObject')
          expect(show(st.Condition.StringEquals['AWS:SourceArn'])).toContain(`<${distribution}>`)
        }
      }
    }
  })

  it('lets CloudFront read only the site bucket (logos go out as pre-signed links)', () => {
    const readable = buckets()
      .map(([k]) => k)
      .filter((k) =>
        (policyOf(k)!.Properties!.PolicyDocument.Statement as Record<string, any>[]).some(
          (st) => st.Principal?.Service === 'cloudfront.amazonaws.com',
        ),
      )
    expect(readable).toEqual([id(s.stack.files.site)])
  })

  it('expire exported CSVs after 7 days', () => {
    const exportsBucket = s.resources[id(s.stack.files.exports)]!.Properties!
    expect(exportsBucket.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: 7, Status: 'Enabled' }),
    )
  })
})

describe('CloudFront', () => {
  const config = () => one('AWS::CloudFront::Distribution').Properties!.DistributionConfig as Record<string, any>
  const originOf = (originId: string) => (config().Origins as Record<string, any>[]).find((o) => o.Id === originId)!
  const behaviour = (pattern: string) =>
    (config().CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === pattern)!

  const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6'
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'
  const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac'

  it('serves the app from the private site bucket through origin access control, with the SPA fallback', () => {
    const d = config().DefaultCacheBehavior
    const origin = originOf(d.TargetOriginId)
    expect(show(origin.DomainName)).toBe(`<${id(s.stack.files.site)}.RegionalDomainName>`)
    expect(origin.OriginAccessControlId).toBeDefined()
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' })
    expect(d.ViewerProtocolPolicy).toBe('redirect-to-https')
    expect(d.CachePolicyId).toBe(CACHING_OPTIMIZED)
    expect(d.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ])
    expect(config().DefaultRootObject).toBe('index.html')
  })

  it('sends /api/* to the HTTP API: no caching, all viewer headers but Host, cookies and query strings, every method', () => {
    const api = behaviour('/api/*')
    expect(show(originOf(api.TargetOriginId).DomainName)).toBe(
      `<${id(s.stack.api.httpApi)}>.execute-api.<AWS::Region>.<AWS::URLSuffix>`,
    )
    expect(originOf(api.TargetOriginId).CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    })
    expect(api.CachePolicyId).toBe(CACHING_DISABLED)
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER)
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
    expect(api.ViewerProtocolPolicy).toBe('https-only')
    expect(api.FunctionAssociations).toBeUndefined()
  })

  it('has no other behaviours and no distribution-wide error pages (an API 404 stays a 404)', () => {
    expect((config().CacheBehaviors as { PathPattern: string }[]).map((b) => b.PathPattern)).toEqual(['/api/*'])
    expect(config().Origins).toHaveLength(2)
    expect(config().CustomErrorResponses).toBeUndefined()
  })

  it('rewrites client-side routes to /index.html and leaves files alone', () => {
    const code = one('AWS::CloudFront::Function').Properties!.FunctionCode as string
    const handler = new Function(`${code}; return handler`)() as (e: unknown) => { uri: string }
    const uri = (path: string) => handler({ request: { uri: path } }).uri
    expect(uri('/')).toBe('/index.html')
    expect(uri('/timesheets/12')).toBe('/index.html')
    expect(uri('/settings/organization')).toBe('/index.html')
    expect(uri('/assets/index-abc123.js')).toBe('/assets/index-abc123.js')
    expect(uri('/favicon.svg')).toBe('/favicon.svg')
  })

  /** The headers a response headers policy makes CloudFront send, as a header map. */
  const headersOf = (policyId: string) => {
    const c = s.resources[policyId]!.Properties!.ResponseHeadersPolicyConfig
    const sh = c.SecurityHeadersConfig
    const out: Record<string, string> = {}
    if (sh.ContentSecurityPolicy) out['content-security-policy'] = sh.ContentSecurityPolicy.ContentSecurityPolicy
    if (sh.StrictTransportSecurity) {
      const h = sh.StrictTransportSecurity
      out['strict-transport-security'] = [
        `max-age=${h.AccessControlMaxAgeSec}`,
        ...(h.IncludeSubdomains ? ['includeSubDomains'] : []),
        ...(h.Preload ? ['preload'] : []),
      ].join('; ')
    }
    if (sh.ContentTypeOptions) out['x-content-type-options'] = 'nosniff'
    if (sh.FrameOptions) out['x-frame-options'] = sh.FrameOptions.FrameOption
    if (sh.ReferrerPolicy) out['referrer-policy'] = sh.ReferrerPolicy.ReferrerPolicy
    for (const h of c.CustomHeadersConfig?.Items ?? []) out[h.Header] = h.Value
    const overrides = [
      ...Object.values(sh).map((v) => (v as { Override: boolean }).Override),
      ...(c.CustomHeadersConfig?.Items ?? []).map((h: { Override: boolean }) => h.Override),
    ]
    return { headers: out, allOverride: overrides.every(Boolean) }
  }

  it('sends the security headers of packages/core/src/security-headers.ts on the app and the API', () => {
    const policy = config().DefaultCacheBehavior.ResponseHeadersPolicyId
    expect(behaviour('/api/*').ResponseHeadersPolicyId).toEqual(policy)
    const { headers, allOverride } = headersOf(show(policy).slice(1, -1))
    expect(headers).toEqual(securityHeaders())
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy())
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBeDefined()
    expect(allOverride).toBe(true)
  })

  it('logs to the logs bucket and redirects plain HTTP', () => {
    expect(show(config().Logging.Bucket)).toBe(`<${id(s.stack.files.logs)}.RegionalDomainName>`)
    const all = [config().DefaultCacheBehavior, ...config().CacheBehaviors] as { ViewerProtocolPolicy: string }[]
    for (const b of all) expect(['redirect-to-https', 'https-only']).toContain(b.ViewerProtocolPolicy)
  })

  it('deploys the built app: hashed assets cached for a year, pages revalidated, CloudFront invalidated', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties!)
    expect(deployments).toHaveLength(2)
    for (const d of deployments) expect(show(d.DestinationBucketName)).toBe(`<${id(s.stack.files.site)}>`)
    const assets = deployments.find((d) => d.Include?.includes('assets/*'))!
    const pages = deployments.find((d) => d.Exclude?.includes('assets/*'))!
    expect(assets.SystemMetadata['cache-control']).toContain('immutable')
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache')
    expect(pages.DistributionPaths).toEqual(['/*'])
  })
})

describe('identity', () => {
  const props = (construct: Parameters<Synth['logicalId']>[0]) => s.resources[id(construct)]!.Properties!

  it('staff pool: no self sign-up, users created by admins only; its client allows ADMIN_USER_PASSWORD_AUTH', () => {
    expect(props(s.stack.auth.staffPool).AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true)
    const client = props(s.stack.auth.staffClient)
    expect(client.ExplicitAuthFlows).toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH')
    expect(client.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH')
    expect(client.GenerateSecret).toBe(false)
    expect(client.AllowedOAuthFlows).toBeUndefined()
  })

  it('supervisor pool: a hosted UI domain, and a confidential code-flow client calling back to /api/callback', () => {
    const domain = one('AWS::Cognito::UserPoolDomain').Properties!
    expect(show(domain.UserPoolId)).toBe(`<${id(s.stack.auth.supervisorPool)}>`)
    expect(show(domain.Domain)).toBe('ministry-timesheets-<AWS::AccountId>')
    const client = props(s.stack.auth.supervisorClient)
    expect(client.AllowedOAuthFlows).toEqual(['code'])
    expect(client.AllowedOAuthScopes).toEqual(['openid', 'email', 'profile'])
    expect(client.CallbackURLs.map(show)).toEqual([
      `https://<${id(s.stack.site.distribution)}.DomainName>/api/callback`,
    ])
    expect(client.GenerateSecret).toBe(true)
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO'])
    expect(ofType('AWS::Cognito::UserPoolIdentityProvider')).toEqual([])
  })

  it('keeps the supervisor client secret in Secrets Manager, never in the template', () => {
    const secret = props(s.stack.auth.supervisorClientSecret)
    expect(show(secret.SecretString)).toMatch(/^<\w+\.UserPoolClient\.ClientSecret>$/)
  })
})

describe('email, billing and operations', () => {
  it('verifies the sender with SES and retries failed emails through a queue with a dead-letter queue', () => {
    expect(one('AWS::SES::EmailIdentity').Properties!.EmailIdentity).toBe('no-reply@example.com')
    const queue = s.resources[id(s.stack.email.retryQueue)]!.Properties!
    expect(show(queue.RedrivePolicy.deadLetterTargetArn)).toBe(`<${id(s.stack.email.deadLetterQueue)}.Arn>`)
    expect(queue.RedrivePolicy.maxReceiveCount).toBeGreaterThan(1)
    for (const [, q] of ofType('AWS::SQS::Queue')) expect(q.Properties!.SqsManagedSseEnabled).toBe(true)
  })

  it('creates the Stripe secret empty, for the operator to fill in', () => {
    const stripe = s.resources[id(s.stack.billing.stripe)]!.Properties!
    expect(JSON.parse(stripe.GenerateSecretString.SecretStringTemplate)).toEqual({ secretKey: '', webhookSecret: '' })
    expect(stripe.SecretString).toBeUndefined()
  })

  it('throttles the API stage and logs its requests', () => {
    const stage = one('AWS::ApiGatewayV2::Stage').Properties!
    expect(stage.StageName).toBe('$default')
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 })
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined()
  })

  it('alarms on API 5xx, every function’s errors and throttles, table throttles and the email queues, to one topic', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties!)
    const topic = `<${id(s.stack.operations.topic)}>`
    for (const a of alarms) expect(a.AlarmActions.map(show)).toEqual([topic])
    type Stat = { MetricStat?: { Metric: { MetricName: string; Dimensions?: { Value: unknown }[] } } }
    const dims = (a: Record<string, any>): { name: string; values: string[] }[] => [
      ...(a.MetricName
        ? [{ name: a.MetricName, values: (a.Dimensions ?? []).map((d: Stat) => show((d as any).Value)) }]
        : []),
      ...((a.Metrics ?? []) as Stat[])
        .filter((m) => m.MetricStat)
        .map((m) => ({
          name: m.MetricStat!.Metric.MetricName,
          values: (m.MetricStat!.Metric.Dimensions ?? []).map((d) => show(d.Value)),
        })),
    ]
    const metric = (name: string, dimension?: string) =>
      alarms.filter((a) =>
        dims(a).some((m) => m.name === name && (dimension === undefined || m.values.includes(dimension))),
      )
    expect(metric('5xx', `<${id(s.stack.api.httpApi)}>`)).toHaveLength(1)
    // every function's errors and throttles, each in exactly one alarm
    for (const fn of s.stack.api.functions.values()) {
      expect(metric('Errors', `<${id(fn)}>`), fn.node.id).toHaveLength(1)
      expect(metric('Throttles', `<${id(fn)}>`), fn.node.id).toHaveLength(1)
    }
    expect(metric('ReadThrottleEvents')).toHaveLength(1)
    expect(metric('WriteThrottleEvents')).toHaveLength(1)
    expect(metric('ApproximateAgeOfOldestMessage', `<${id(s.stack.email.retryQueue)}.QueueName>`)).toHaveLength(1)
    expect(
      metric('ApproximateNumberOfMessagesVisible', `<${id(s.stack.email.deadLetterQueue)}.QueueName>`),
    ).toHaveLength(1)
    expect(alarms).toHaveLength(1 + 2 * Math.ceil(s.stack.api.functions.size / 10) + 1 + 2)
    for (const a of alarms.filter((x) => x.Metrics))
      expect(a.Metrics.filter((m: object) => 'MetricStat' in m).length).toBeLessThanOrEqual(10)
  })

  it('outputs the app URL', () => {
    s.template.hasOutput('AppUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [id(s.stack.site.distribution), 'DomainName'] }]] },
    })
  })
})
