import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import {
  cloudFrontPageFunction,
  contentSecurityPolicy,
  pageChoiceConfig,
  SECURE_SESSION_COOKIE,
  securityHeaders,
  siteCacheControl,
} from '@app/core'
import { tableDefinition } from '@app/data'
import { METRICS_NAMESPACE } from '../../functions/src/jobs/retry-emails.ts'
import { jobEntries, RETRY_ATTEMPTS } from '../lib/constructs/jobs.ts'
import { functionTimeouts, jobEveryMinutes } from '../lib/definition.ts'
import { outboxMetrics } from '../lib/constructs/operations.ts'
import { routeAccess } from '../lib/route-access.ts'
import {
  auditCondition,
  expectedEraseJobEnv,
  expectedEraseJobPermissions,
  expectedJobEnv,
  expectedJobPermissions,
  orgPrefixPattern,
} from './expected.ts'
import {
  actionsOf,
  permissionLines,
  projectRoot,
  roleStatements,
  show,
  synthForFile,
  type CfnResourceJson,
  type Synth,
} from './synth.ts'

/** The real manifest with default context, not bundled (api.test.ts bundles). */
const s = synthForFile()

const one = (type: string): CfnResourceJson => {
  const all = s.ofType(type)
  expect(all, type).toHaveLength(1)
  return all[0]![1]
}
const id = (construct: Parameters<Synth['logicalId']>[0]) => s.logicalId(construct)
/** A function's properties' role, by logical id. */
const roleOf = (fn: Record<string, any>) => show(fn.Role).replace(/^<(\w+)\.Arn>$/, '$1')
/** The Lambda permissions (their properties) that let something invoke a function. */
const invokersOf = (fn: Parameters<Synth['logicalId']>[0]) =>
  s
    .ofType('AWS::Lambda::Permission')
    .map(([, r]) => r.Properties!)
    .filter((p) => show(p.FunctionName) === `<${id(fn)}.Arn>`)
/**
 * The job `name`'s rule (`<name>Schedule`), checked to run at `rate` and to target the job alone, a
 * failed delivery going to the jobs' dead-letter queue; and the job function's properties, checked
 * to be its entry's bundle.
 */
const scheduledJob = (name: Exclude<keyof typeof jobEntries, 'retryEmails'>, rate: string) => {
  const job = s.stack.jobs[name]
  const rule = s.resources[id(s.stack.jobs[`${name}Schedule`])]!.Properties!
  expect(rule.ScheduleExpression).toBe(rate)
  expect(rule.Targets.map((t: { Arn: unknown }) => show(t.Arn))).toEqual([`<${id(job)}.Arn>`])
  expect(show(rule.Targets[0].DeadLetterConfig.Arn)).toBe(`<${id(s.stack.jobs.deadLetterQueue)}.Arn>`)
  const fn = s.resources[id(job)]!.Properties!
  expect(fn.Description).toContain(jobEntries[name])
  return { rule, fn }
}
const metricAlarm = (name: string) =>
  s
    .ofType('AWS::CloudWatch::Alarm')
    .map(([, a]) => a.Properties!)
    .find((a) => a.MetricName === name)!

describe('the user pools', () => {
  it('are both on the Lite feature plan (no feature we use needs Essentials)', () => {
    const pools = s.ofType('AWS::Cognito::UserPool').map(([, r]) => r.Properties!.UserPoolTier)
    expect(pools).toEqual(['LITE', 'LITE'])
  })
})

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
  const buckets = () => s.ofType('AWS::S3::Bucket')
  const policyOf = (bucketId: string) =>
    s.ofType('AWS::S3::BucketPolicy').find(([, p]) => show(p.Properties!.Bucket) === `<${bucketId}>`)?.[1]

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

  it("rewrites page requests by core's choosePage (the local server's rule) and leaves files alone", () => {
    const code = one('AWS::CloudFront::Function').Properties!.FunctionCode as string
    expect(code).toBe(cloudFrontPageFunction(pageChoiceConfig(SECURE_SESSION_COOKIE)))
    const handler = new Function(`${code}; return handler`)() as (e: unknown) => { uri: string }
    const uri = (path: string, headers: Record<string, { value: string }> = {}, cookies = {}) =>
      handler({ request: { uri: path, headers, cookies, querystring: {} } }).uri
    expect(uri('/')).toBe('/pages/en/index.html')
    expect(uri('/staff-login', { 'accept-language': { value: 'es-MX,es;q=0.9' } })).toBe('/pages/es/staff-login.html')
    expect(uri('/', {}, { '__Host-sid': { value: 'abc' } })).toBe('/index.html')
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
    const deployments = s.ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties!)
    expect(deployments).toHaveLength(2)
    for (const d of deployments) expect(show(d.DestinationBucketName)).toBe(`<${id(s.stack.files.site)}>`)
    const assets = deployments.find((d) => d.Include?.includes('assets/*'))!
    const pages = deployments.find((d) => d.Exclude?.includes('assets/*'))!
    expect(assets.SystemMetadata['cache-control']).toContain('immutable')
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache')
    expect(pages.DistributionPaths).toEqual(['/*'])
  })

  it('deploys the service worker and the web app manifest revalidated, by the rule the local server follows', () => {
    const deployments = s.ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties!)
    const pages = deployments.find((d) => d.Exclude?.includes('assets/*'))!
    const assets = deployments.find((d) => d.Include?.includes('assets/*'))!
    expect(pages.SystemMetadata['cache-control']).toBe(siteCacheControl('sw.js'))
    expect(pages.SystemMetadata['cache-control']).toBe(siteCacheControl('manifest.webmanifest'))
    expect(assets.SystemMetadata['cache-control']).toBe(siteCacheControl('assets/index-abc123.js'))
  })

  it('uploads no source maps to the public site', () => {
    const staged = readdirSync(s.outdir).filter((d) => d.startsWith('asset.'))
    const files = staged.flatMap((d) =>
      statSync(join(s.outdir, d)).isDirectory()
        ? (readdirSync(join(s.outdir, d), { recursive: true }) as string[]).map((f) => `${d}/${f}`)
        : [],
    )
    // The fixture holds assets/app.js and assets/app.js.map: the script goes, its map does not.
    expect(files.some((f) => f.endsWith('assets/app.js'))).toBe(true)
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
  })
})

describe('rate limits and sending reputation', () => {
  it('puts a web ACL with per-address rate limits in front of CloudFront, tighter on the sign-in paths', () => {
    const [[aclId, acl]] = s.ofType('AWS::WAFv2::WebACL') as [[string, CfnResourceJson]]
    expect(s.ofType('AWS::WAFv2::WebACL')).toHaveLength(1)
    const p = acl.Properties!
    expect(p.Scope).toBe('CLOUDFRONT')
    expect(p.DefaultAction).toEqual({ Allow: {} })
    const rule = (name: string) => (p.Rules as Record<string, any>[]).find((r) => r.Name === name)!
    for (const [name, limit] of [
      ['PerIp', 1000],
      ['SignInPerIp', 100],
    ] as const) {
      expect(rule(name).Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } })
      expect(rule(name).Statement.RateBasedStatement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP' })
    }
    const paths = rule('SignInPerIp').Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (st: Record<string, any>) => st.ByteMatchStatement.SearchString,
    )
    // The kiosk's punch, where a PIN is guessed, is limited per address like a sign-in.
    expect(paths.sort()).toEqual(['/api/callback', '/api/kiosk/punch', '/api/login', '/api/staff/login'])
    // AWS's IP reputation list first, then the rate limits.
    expect((p.Rules as Record<string, any>[]).map((r) => [r.Priority, r.Name])).toEqual([
      [0, 'AwsIpReputation'],
      [1, 'SignInPerIp'],
      [2, 'PerIp'],
    ])
    expect(rule('AwsIpReputation')).toMatchObject({
      OverrideAction: { None: {} },
      Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' } },
    })
    expect(show(one('AWS::CloudFront::Distribution').Properties!.DistributionConfig.WebACLId)).toBe(`<${aclId}.Arn>`)
  })

  it('sends the API a secret header from CloudFront, which every route function is given to check', () => {
    const config = one('AWS::CloudFront::Distribution').Properties!.DistributionConfig
    const api = (config.Origins as Record<string, any>[]).find((o) => o.CustomOriginConfig)!
    const secret = s.logicalId(s.stack.originVerify)
    const header = api.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === 'x-origin-verify')
    expect(JSON.stringify(header.HeaderValue)).toContain(secret)
    expect(JSON.stringify(header.HeaderValue)).toContain('resolve:secretsmanager')
    for (const fn of s.stack.api.functions.values()) {
      const vars = s.resources[s.logicalId(fn)]!.Properties!.Environment.Variables as Record<string, unknown>
      expect(JSON.stringify(vars.ORIGIN_VERIFY)).toBe(JSON.stringify(header.HeaderValue))
    }
  })

  it('throttles each sign-in route on its own in the API stage, after the routes exist', () => {
    const [[stageId, stage]] = s.ofType('AWS::ApiGatewayV2::Stage') as [[string, CfnResourceJson]]
    expect(stage.Properties!.RouteSettings).toEqual({
      'POST /api/staff/login': { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      'GET /api/login': { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      'GET /api/callback': { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    })
    const routeIds = s
      .ofType('AWS::ApiGatewayV2::Route')
      .filter(([, r]) => Object.keys(stage.Properties!.RouteSettings).includes(r.Properties!.RouteKey))
      .map(([rid]) => rid)
    expect(routeIds).toHaveLength(3)
    // Each route is in a nested stack: the stage waits for that stack as a whole.
    for (const rid of routeIds) {
      const holder = s.stacks.find((t) => rid in t.json.Resources)!
      expect(holder.resourceId, rid).toBeDefined()
      expect(s.resources[stageId]!.DependsOn).toContain(holder.resourceId)
    }
  })

  it('alarms when the SES bounce or complaint rate nears the level where SES pauses sending', () => {
    const ses = s
      .ofType('AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties!)
      .filter((a) => a.Namespace === 'AWS/SES')
    expect(ses.map((a) => [a.MetricName, a.Threshold, a.ComparisonOperator]).sort()).toEqual([
      ['Reputation.BounceRate', 0.025, 'GreaterThanThreshold'],
      ['Reputation.ComplaintRate', 0.0005, 'GreaterThanThreshold'],
    ])
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
    expect(s.ofType('AWS::Cognito::UserPoolIdentityProvider')).toEqual([])
  })

  it('keeps the supervisor client secret in Secrets Manager, never in the template', () => {
    const secret = props(s.stack.auth.supervisorClientSecret)
    expect(show(secret.SecretString)).toMatch(/^<\w+\.UserPoolClient\.ClientSecret>$/)
  })
})

describe('email, billing and operations', () => {
  it('verifies the sender with SES, and has no email queue (the outbox is in the table)', () => {
    expect(one('AWS::SES::EmailIdentity').Properties!.EmailIdentity).toBe('no-reply@example.com')
    // The only queue is the retry job's dead-letter queue.
    expect(s.ofType('AWS::SQS::Queue').map(([k]) => k)).toEqual([id(s.stack.jobs.deadLetterQueue)])
    for (const fn of Object.values(s.resources).filter((r) => r.Type === 'AWS::Lambda::Function')) {
      expect(Object.keys(fn.Properties!.Environment?.Variables ?? {})).not.toContain('EMAIL_RETRY_QUEUE_URL')
    }
  })

  it('generates the email link secret: a 48-character plain string, never in the template', () => {
    const secret = s.resources[id(s.stack.email.linkSecret)]!.Properties!
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true })
    expect(secret.GenerateSecretString.SecretStringTemplate).toBeUndefined()
    expect(secret.GenerateSecretString.GenerateStringKey).toBeUndefined()
    expect(secret.SecretString).toBeUndefined()
  })

  it('points every function at its secrets by the variable names packages/adapters/src/secrets.ts reads', () => {
    const env = (key: string) =>
      s.resources[id(s.stack.api.functions.get(key)!)]!.Properties!.Environment.Variables as Record<string, unknown>
    const source = readFileSync(join(projectRoot, 'packages/adapters/src/secrets.ts'), 'utf8')
    for (const name of ['OIDC_CLIENT_SECRET', 'EMAIL_LINK_SECRET']) expect(source).toContain(`'${name}'`)
    expect(source).toContain('`${name}_ARN`')
    // Read through config.ts (each local invocation's own environment); the health token names its ARN variable.
    expect(source).toContain("read('STRIPE_SECRET_ARN')")
    expect(source).toContain("'HEALTH_TOKEN_SECRET_ARN'")
    for (const [key, route] of Object.entries(s.manifest)) {
      const v = env(key)
      // The health check probes only (its env and role: api.test.ts), whatever its uses list.
      if (routeAccess.probes.includes(key)) {
        expect(show(v.STRIPE_SECRET_ARN as string), key).toBe(`<${id(s.stack.billing.stripe)}>`)
        expect(show(v.HEALTH_TOKEN_SECRET_ARN as string), key).toBe(`<${id(s.stack.healthToken)}>`)
        continue
      }
      if (route.uses.includes('email') || route.uses.includes('links')) {
        expect(show(v.EMAIL_LINK_SECRET_ARN as string), key).toBe(`<${id(s.stack.email.linkSecret)}>`)
      }
      if (route.uses.includes('stripe')) {
        expect(show(v.STRIPE_SECRET_ARN as string), key).toBe(`<${id(s.stack.billing.stripe)}>`)
        // No publishable key by default: checkout then says billing is not configured.
        expect(v.STRIPE_PUBLISHABLE_KEY, key).toBeUndefined()
      }
      if (route.uses.includes('oidc')) {
        expect(show(v.OIDC_CLIENT_SECRET_ARN as string), key).toBe(`<${id(s.stack.auth.supervisorClientSecret)}>`)
      }
    }
  })

  it('creates the Stripe secret empty, for the operator to fill in', () => {
    const stripe = s.resources[id(s.stack.billing.stripe)]!.Properties!
    expect(JSON.parse(stripe.GenerateSecretString.SecretStringTemplate)).toEqual({ secretKey: '', webhookSecret: '' })
    expect(stripe.SecretString).toBeUndefined()
  })

  it('throttles the API stage and logs its requests', () => {
    const stage = one('AWS::ApiGatewayV2::Stage').Properties!
    expect(stage.StageName).toBe('$default')
    // Sized for capacity, not as a shared limit one tenant could use up: the web ACL limits each address.
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 })
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined()
  })

  it('alarms on API 5xx, every function’s errors and throttles, table throttles and the email outbox, to one topic', () => {
    const alarms = s.ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties!)
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
    expect(metric('Errors', `<${id(s.stack.jobs.retryEmails)}>`)).toHaveLength(1)
    expect(
      metric('ApproximateNumberOfMessagesVisible', `<${id(s.stack.jobs.deadLetterQueue)}.QueueName>`),
    ).toHaveLength(1)
    expect(metric('EmailOutboxOldestDueSeconds')).toHaveLength(1)
    expect(metric('EmailOutboxDead')).toHaveLength(1)
    expect(metric('Reputation.BounceRate')).toHaveLength(1)
    expect(metric('Reputation.ComplaintRate')).toHaveLength(1)
    const groups = [...s.stack.api.groups.values()]
    expect(alarms).toHaveLength(1 + groups.reduce((n, g) => n + 2 * Math.ceil(g.functions.size / 10), 0) + 1 + 4 + 2)
    for (const a of alarms.filter((x) => x.Metrics))
      expect(a.Metrics.filter((m: object) => 'MetricStat' in m).length).toBeLessThanOrEqual(10)
  })

  it('alarms on the metrics the retry job logs, as it logs them: namespace, names, no dimensions', () => {
    const source = readFileSync(join(projectRoot, 'functions/src/jobs/retry-emails.ts'), 'utf8')
    expect(METRICS_NAMESPACE).toBe(outboxMetrics.namespace)
    const byName = (name: string) =>
      s
        .ofType('AWS::CloudWatch::Alarm')
        .map(([, a]) => a.Properties!)
        .find((a) => a.MetricName === name)!
    const oldest = byName(outboxMetrics.oldestDueSeconds)
    const dead = byName(outboxMetrics.dead)
    for (const [a, unit] of [
      [oldest, 'Seconds'],
      [dead, 'Count'],
    ] as const) {
      expect(source).toContain(`{ Name: '${a.MetricName}', Unit: '${unit}' }`)
      expect(a.Namespace).toBe('MinistryTimesheets')
      expect(a.Dimensions).toBeUndefined()
      expect(a).toMatchObject({ Statistic: 'Maximum', Period: 900, EvaluationPeriods: 1 })
      expect(a.ComparisonOperator).toBe('GreaterThanThreshold')
    }
    expect(source).toContain('Dimensions: [[]]')
    expect(oldest.Threshold).toBe(3600)
    expect(dead.Threshold).toBe(0)
    const dlq = metricAlarm('ApproximateNumberOfMessagesVisible')
    expect(dlq).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Statistic: 'Maximum' })
    const errors = s
      .ofType('AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties!)
      .find((a) => a.MetricName === 'Errors' && show(a.Dimensions[0].Value) === `<${id(s.stack.jobs.retryEmails)}>`)!
    expect(errors).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Statistic: 'Sum',
    })
  })

  it('outputs the app URL', () => {
    s.template.hasOutput('AppUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [id(s.stack.site.distribution), 'DomainName'] }]] },
    })
  })
})

describe('the email retry job', () => {
  const fn = () => s.resources[id(s.stack.jobs.retryEmails)]!.Properties!
  const roleId = () => roleOf(fn())

  it('runs functions/src/jobs/retry-emails.ts as the routes run: Node.js 22, ARM64, JSON logs in its own log group', () => {
    const p = fn()
    expect(p).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' })
    expect(p.LoggingConfig.LogFormat).toBe('JSON')
    expect(s.resources[show(p.LoggingConfig.LogGroup).slice(1, -1)]?.Type).toBe('AWS::Logs::LogGroup')
    expect(p.ReservedConcurrentExecutions).toBeUndefined()
    expect(p.Timeout).toBeLessThan(300) // shorter than the schedule's period
    expect(p.Description).toContain(jobEntries.retryEmails)
    expect(Object.keys(s.manifest)).not.toContain('jobs/retry-emails')
  })

  it('has exactly the table, sending email and the link secret, and its environment says where they are', () => {
    const { managedPolicyArns, statements } = roleStatements(s.resources, roleId())
    expect(managedPolicyArns).toEqual([])
    // Only the denial of audit record changes carries a condition.
    expect(statements.filter((st) => st.Condition !== undefined).map((st) => st.Effect)).toEqual(['Deny'])
    expect(permissionLines(s.resources, roleId())).toEqual(expectedJobPermissions(s))
    const vars = fn().Environment.Variables as Record<string, string>
    expect(Object.keys(vars).sort()).toEqual([...expectedJobEnv, 'SECRETS_KEY_ID', 'INTEGRATIONS_SECRET_ARN'].sort())
    expect(show(vars.TABLE_NAME!)).toBe(`<${id(s.stack.data.table)}>`)
    expect(vars.MAIL_FROM).toBe('no-reply@example.com')
    expect(show(vars.EMAIL_LINK_SECRET_ARN!)).toBe(`<${id(s.stack.email.linkSecret)}>`)
    expect(vars.EMAIL_RETRY_QUEUE_URL).toBeUndefined()
  })

  it('runs every 5 minutes; a failed run is tried twice more, then goes to an encrypted TLS-only dead-letter queue', () => {
    const dlq = id(s.stack.jobs.deadLetterQueue)
    const rule = s.resources[id(s.stack.jobs.schedule)]!.Properties!
    expect(rule.ScheduleExpression).toBe('rate(5 minutes)')
    expect(rule.State).toBe('ENABLED')
    expect(rule.Targets).toHaveLength(1)
    const target = rule.Targets[0]
    expect(show(target.Arn)).toBe(`<${id(s.stack.jobs.retryEmails)}.Arn>`)
    expect(target.RetryPolicy.MaximumRetryAttempts).toBe(RETRY_ATTEMPTS)
    expect(show(target.DeadLetterConfig.Arn)).toBe(`<${dlq}.Arn>`)
    // Lambda's own retries of a failed asynchronous run, then the same queue.
    expect(RETRY_ATTEMPTS).toBe(2)
    expect(show(fn().DeadLetterConfig.TargetArn)).toBe(`<${dlq}.Arn>`)
    const invokeConfig = s
      .ofType('AWS::Lambda::EventInvokeConfig')
      .map(([, r]) => r.Properties!)
      .find((p) => show(p.FunctionName) === `<${id(s.stack.jobs.retryEmails)}>`)!
    expect(invokeConfig.MaximumRetryAttempts).toBe(RETRY_ATTEMPTS)
    expect(invokeConfig.MaximumEventAgeInSeconds).toBe(3600)
    // Only EventBridge (this rule) may invoke it.
    const invokers = invokersOf(s.stack.jobs.retryEmails)
    expect(invokers).toHaveLength(1)
    expect(invokers[0]).toMatchObject({ Principal: 'events.amazonaws.com', Action: 'lambda:InvokeFunction' })
    expect(show(invokers[0]!.SourceArn)).toBe(`<${id(s.stack.jobs.schedule)}.Arn>`)

    const queue = s.resources[dlq]!.Properties!
    expect(queue.SqsManagedSseEnabled).toBe(true)
    const policy = s
      .ofType('AWS::SQS::QueuePolicy')
      .map(([, r]) => r.Properties!)
      .find((p) => (p.Queues as unknown[]).map(show).includes(`<${dlq}>`))!
    expect(policy.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    )
    // EventBridge may send to it only for the jobs' own rules.
    const events = (policy.PolicyDocument.Statement as Record<string, any>[]).filter(
      (st) => st.Effect === 'Allow' && st.Principal?.Service === 'events.amazonaws.com',
    )
    expect(events.map((e) => show(e.Condition.ArnEquals['aws:SourceArn'])).sort()).toEqual(
      [
        `<${id(s.stack.jobs.schedule)}.Arn>`,
        `<${id(s.stack.jobs.remindersSchedule)}.Arn>`,
        `<${id(s.stack.jobs.exportSchedule)}.Arn>`,
        `<${id(s.stack.jobs.importMembersSchedule)}.Arn>`,
        `<${id(s.stack.jobs.eraseClosedSchedule)}.Arn>`,
        `<${id(s.stack.jobs.timeOffYearlySchedule)}.Arn>`,
        `<${id(s.stack.jobs.planningCenterSyncSchedule)}.Arn>`,
      ].sort(),
    )
  })

  it("runs the reminders job on the schedule of definition.ts, with the retry job's grants and queue", () => {
    const { fn: reminders } = scheduledJob('reminders', `rate(${jobEveryMinutes.reminders} minutes)`)
    expect(Object.keys(reminders.Environment.Variables).sort()).toEqual(expectedJobEnv)
  })

  it("runs the export job every minute, with the exports bucket beside the retry job's grants", () => {
    const { fn } = scheduledJob('export', `rate(${jobEveryMinutes.export} minute)`)
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual([...expectedJobEnv, 'EXPORTS_BUCKET'].sort())
    const roleId = roleOf(fn)
    const exportsBucket = id(s.stack.files.exports)
    // The retry job's grants (its own logs instead), and the exports bucket's objects: nothing deletes one.
    const retryOnly = permissionLines(s.resources, roleOf(s.resources[id(s.stack.jobs.retryEmails)]!.Properties!))
    // The retry job alone delivers webhooks and vendor sends, so it alone opens their sealed
    // secrets and reads the vendors' settings.
    const integrations = id(s.stack.integrations.secret)
    const shared = retryOnly.filter(
      (l) => !l.startsWith('logs:') && !l.startsWith('kms:') && !l.includes(`<${integrations}>`),
    )
    const lines = permissionLines(s.resources, roleId)
    expect(lines.filter((l) => !l.startsWith('logs:') && !l.includes(exportsBucket))).toEqual(shared)
    expect(actionsOf(lines, (l) => l.includes(exportsBucket))).toEqual([
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ])
  })

  it("runs the import job every minute: the export job's grants, the staff pool's logins and the secrets key", () => {
    const { fn } = scheduledJob('importMembers', `rate(${jobEveryMinutes.importMembers} minute)`)
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(
      [...expectedJobEnv, 'EXPORTS_BUCKET', 'STAFF_USER_POOL_ID', 'SECRETS_KEY_ID'].sort(),
    )
    const lines = permissionLines(s.resources, roleOf(fn))
    const staffPool = id(s.stack.auth.staffPool)
    expect(actionsOf(lines, (l) => l.includes(staffPool))).toEqual([
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
    ])
    expect(actionsOf(lines, (l) => l.includes(id(s.stack.files.exports)))).toEqual(['s3:GetObject', 's3:PutObject'])
    expect(actionsOf(lines, (l) => l.startsWith('kms:'))).toEqual(['kms:Decrypt', 'kms:Encrypt'])
  })
})

describe('the erasure job', () => {
  const fn = () => s.resources[id(s.stack.jobs.eraseClosed)]!.Properties!
  const roleId = () => roleOf(fn())

  it('runs functions/src/jobs/erase-closed.ts once a day, as the other jobs run, into the same dead-letter queue', () => {
    expect(jobEveryMinutes.eraseClosed).toBe(24 * 60)
    const { rule, fn: p } = scheduledJob('eraseClosed', 'rate(1 day)')
    expect(rule.State).toBe('ENABLED')
    expect(rule.Targets[0].RetryPolicy.MaximumRetryAttempts).toBe(RETRY_ATTEMPTS)
    expect(p).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' })
    expect(p.Timeout).toBe(functionTimeouts.eraseClosed)
    expect(p.Timeout).toBeLessThanOrEqual(900) // Lambda's longest
    expect(show(p.DeadLetterConfig.TargetArn)).toBe(`<${id(s.stack.jobs.deadLetterQueue)}.Arn>`)
    expect(s.resources[show(p.LoggingConfig.LogGroup).slice(1, -1)]?.Type).toBe('AWS::Logs::LogGroup')
    // Only its own rule may invoke it.
    const invokers = invokersOf(s.stack.jobs.eraseClosed)
    expect(invokers.map((r) => [r.Principal, show(r.SourceArn)])).toEqual([
      ['events.amazonaws.com', `<${id(s.stack.jobs.eraseClosedSchedule)}.Arn>`],
    ])
    // A role of its own, which no route and no other job shares.
    const others = [
      ...[...s.stack.api.functions.values()],
      s.stack.jobs.retryEmails,
      s.stack.jobs.reminders,
      s.stack.jobs.export,
      s.stack.jobs.importMembers,
    ].map((f) => show(s.resources[id(f)]!.Properties!.Role))
    expect(others).not.toContain(show(p.Role))
  })

  it('is granted exactly what it needs: deletes of items, audit records one by one only, files under an organization, sign-in accounts, and sending', () => {
    const { managedPolicyArns, statements } = roleStatements(s.resources, roleId())
    expect(managedPolicyArns).toEqual([])
    expect(permissionLines(s.resources, roleId())).toEqual(expectedEraseJobPermissions(s))
    // Two conditions: its denial on audit partitions, and listing only under an organization's prefix.
    expect(statements.filter((st) => st.Condition !== undefined).map((st) => [st.Effect, st.Condition])).toEqual([
      ['Deny', auditCondition],
      ['Allow', { StringLike: { 's3:prefix': [orgPrefixPattern] } }],
    ])
    // No bucket-level, table-level or wildcard action; no secret.
    const lines = permissionLines(s.resources, roleId())
    expect(
      lines.filter((l) => /^(s3:(Put|Delete)Bucket|s3:\*|dynamodb:\*|dynamodb:Scan|secretsmanager:|\*)/.test(l)),
    ).toEqual([])
  })

  it("has exactly the variables environment.ts gives it (jobEnvironments.eraseClosed, which the local stack's timer and npm run job use too)", () => {
    const vars = fn().Environment.Variables as Record<string, string>
    expect(Object.keys(vars).sort()).toEqual(expectedEraseJobEnv)
    expect(show(vars.STAFF_USER_POOL_ID!)).toBe(`<${id(s.stack.auth.staffPool)}>`)
    expect(show(vars.EXPORTS_BUCKET!)).toBe(`<${id(s.stack.files.exports)}>`)
    expect(show(vars.LOGOS_BUCKET!)).toBe(`<${id(s.stack.files.logos)}>`)
    expect(show(vars.TABLE_NAME!)).toBe(`<${id(s.stack.data.table)}>`)
  })
})

describe('the yearly time-off job', () => {
  const fn = () => s.resources[id(s.stack.jobs.timeOffYearly)]!.Properties!

  it("runs functions/src/jobs/time-off-yearly.ts once a day into the jobs' dead-letter queue, invoked only by its rule", () => {
    expect(jobEveryMinutes.timeOffYearly).toBe(24 * 60)
    const { fn: p } = scheduledJob('timeOffYearly', 'rate(1 day)')
    expect(p).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' })
    expect(p.Timeout).toBe(functionTimeouts.timeOffYearly)
    const invokers = invokersOf(s.stack.jobs.timeOffYearly)
    expect(invokers.map((r) => [r.Principal, show(r.SourceArn)])).toEqual([
      ['events.amazonaws.com', `<${id(s.stack.jobs.timeOffYearlySchedule)}.Arn>`],
    ])
  })

  it("has the retry job's table grants and nothing else: no email, no secret, audit records append-only; a role of its own", () => {
    const retry = s.resources[id(s.stack.jobs.retryEmails)]!.Properties!
    const table = permissionLines(s.resources, roleOf(retry)).filter(
      (l) =>
        !l.startsWith('logs:') && !l.startsWith('ses:') && !l.startsWith('secretsmanager:') && !l.startsWith('kms:'),
    )
    const lines = permissionLines(s.resources, roleOf(fn()))
    expect(lines.filter((l) => !l.startsWith('logs:'))).toEqual(table)
    expect(lines.filter((l) => /^(ses:|secretsmanager:|s3:|cognito-idp:|kms:)/.test(l))).toEqual([])
    const { statements } = roleStatements(s.resources, roleOf(fn()))
    expect(statements.filter((st) => st.Effect === 'Deny').map((st) => st.Condition)).toEqual([auditCondition])
    const others = [...s.stack.api.functions.values(), s.stack.jobs.retryEmails, s.stack.jobs.eraseClosed].map((f) =>
      show(s.resources[id(f)]!.Properties!.Role),
    )
    expect(others).not.toContain(show(fn().Role))
  })

  it('has exactly the variables environment.ts gives it (jobEnvironments.timeOffYearly): the table only', () => {
    const vars = fn().Environment.Variables as Record<string, string>
    expect(Object.keys(vars).sort()).toEqual(['APP_ORIGIN', 'NODE_OPTIONS', 'TABLE_NAME'])
    expect(show(vars.TABLE_NAME!)).toBe(`<${id(s.stack.data.table)}>`)
  })
})
