import { AwsCustomResource } from 'aws-cdk-lib/custom-resources'
import { describe, expect, it } from 'vitest'
import { routeAccess } from '../lib/route-access.ts'
import { auditCondition, expectedEnv, expectedPermissions, sessionCondition } from './expected.ts'
import { permissionLines, roleStatements, show, synthForFile } from './synth.ts'

/** The real manifest (not bundled: bundle.test.ts checks bundling). */
const s = synthForFile()

const ofType = (type: string) => Object.entries(s.resources).filter(([, r]) => r.Type === type)
const fnId = (key: string) => s.logicalId(s.stack.api.functions.get(key)!)
const keys = () => Object.keys(s.manifest)

describe('the API: one function and one route per manifest entry', () => {
  it('has a function for every manifest entry, and no function but those, the jobs and the CDK-provided handlers', () => {
    expect(keys().length).toBeGreaterThan(0)
    const ours = new Set(keys().map(fnId))
    expect(ours.size).toBe(keys().length)
    // A job is not a route: it has a function of its own, named here, and no route.
    const jobs = [s.stack.jobs.retryEmails, s.stack.jobs.reminders, s.stack.jobs.export].map((fn) => s.logicalId(fn))
    for (const job of jobs) {
      expect(ours.has(job)).toBe(false)
      expect(s.resources[job]?.Type).toBe('AWS::Lambda::Function')
    }
    const customResourceHandler = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`
    const others = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => !ours.has(id) && !jobs.includes(id))
    for (const id of others) {
      expect(id.startsWith('CustomCDKBucketDeployment') || id.startsWith(customResourceHandler), id).toBe(true)
    }
    for (const id of ours) expect(s.resources[id]?.Type).toBe('AWS::Lambda::Function')
    const integrated = ofType('AWS::ApiGatewayV2::Integration').map(([, r]) => show(r.Properties!.IntegrationUri))
    for (const job of jobs) expect(integrated).not.toContain(`<${job}.Arn>`)
  })

  it('has exactly the manifest routes, each integrated with its own function', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!)
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(
      Object.values(s.manifest)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    )
    for (const key of keys()) {
      const { method, path } = s.manifest[key]!
      const route = routes.find((r) => r.RouteKey === `${method} ${path}`)!
      const integrationId = /^integrations\/<(\w+)>$/.exec(show(route.Target))![1]!
      const integration = s.resources[integrationId]!.Properties!
      expect(integration.IntegrationType).toBe('AWS_PROXY')
      expect(integration.PayloadFormatVersion).toBe('2.0')
      expect(show(integration.IntegrationUri)).toBe(`<${fnId(key)}.Arn>`)
      expect(route.AuthorizationType ?? 'NONE').toBe('NONE')
    }
  })

  it('lets only API Gateway invoke a function, and only through its route', () => {
    const permissions = ofType('AWS::Lambda::Permission').map(([, r]) => r.Properties!)
    for (const key of keys()) {
      const { method, path } = s.manifest[key]!
      const own = permissions.filter((p) => show(p.FunctionName) === `<${fnId(key)}.Arn>`)
      expect(own).toHaveLength(1)
      expect(own[0]!.Principal).toBe('apigateway.amazonaws.com')
      // Any stage, this route's path (CDK's HttpLambdaIntegration leaves the method as *).
      const sourceArn = show(own[0]!.SourceArn)
      const api = s.logicalId(s.stack.api.httpApi)
      expect([`:<${api}>/*/*${path}`, `:<${api}>/*/${method}${path}`].some((end) => sourceArn.endsWith(end))).toBe(true)
    }
  })
})

describe('the stack size', () => {
  it('costs six resources per route and leaves room under CloudFormation’s 500 for ten more routes', () => {
    const n = keys().length
    const count = (type: string) => ofType(type).length
    expect(count('AWS::ApiGatewayV2::Route')).toBe(n)
    expect(count('AWS::ApiGatewayV2::Integration')).toBe(n)
    const apiInvokes = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties!.Principal === 'apigateway.amazonaws.com',
    )
    expect(apiInvokes).toHaveLength(n) // the retry job's permission is EventBridge's
    const roles = new Set(keys().map((k) => show(s.resources[fnId(k)]!.Properties!.Role).replace(/\.Arn>$/, '>')))
    const attached = ofType('AWS::IAM::Policy').filter(([, p]) =>
      (p.Properties!.Roles as unknown[]).some((r) => roles.has(show(r))),
    )
    expect(attached).toEqual([]) // a function's policy is inline in its role: no extra resource
    const total = Object.keys(s.resources).length
    // per route: function, role, log group, integration, route, permission; plus 2 alarms per 10 routes
    // (the retry job and its schedule, queue and alarms are counted once, in the total)
    expect(total + 10 * 6.2).toBeLessThan(500)
  })
})

describe('each function', () => {
  it('runs Node.js 22 on ARM64 with JSON logs in its own log group, source maps on, and no reserved concurrency', () => {
    for (const key of keys()) {
      const p = s.resources[fnId(key)]!.Properties!
      expect(p.Runtime, key).toBe('nodejs22.x')
      expect(p.Architectures).toEqual(['arm64'])
      expect(p.Handler).toBe('index.handler')
      expect(p.LoggingConfig.LogFormat).toBe('JSON')
      expect(s.resources[show(p.LoggingConfig.LogGroup).slice(1, -1)]?.Type).toBe('AWS::Logs::LogGroup')
      expect(p.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps')
      expect(p.ReservedConcurrentExecutions).toBeUndefined()
      expect(p.Timeout).toBeLessThan(30)
    }
  })

  it('holds only the environment variables its uses need', () => {
    for (const key of keys()) {
      const vars = s.resources[fnId(key)]!.Properties!.Environment.Variables as Record<string, unknown>
      expect(Object.keys(vars).sort(), key).toEqual(expectedEnv(s, key))
    }
  })

  it('is told where things are: the site origin, the table, the pools, the issuer', () => {
    const vars = (key: string) => s.resources[fnId(key)]!.Properties!.Environment.Variables as Record<string, unknown>
    const distribution = s.logicalId(s.stack.site.distribution)
    for (const key of keys()) {
      const v = vars(key)
      expect(show(v.APP_ORIGIN)).toBe(`https://<${distribution}.DomainName>`)
      if ('TABLE_NAME' in v) expect(show(v.TABLE_NAME)).toBe(`<${s.logicalId(s.stack.data.table)}>`)
      if ('OIDC_ISSUER' in v)
        expect(show(v.OIDC_ISSUER)).toBe(`<${s.logicalId(s.stack.auth.supervisorPool)}.ProviderURL>`)
      if ('OIDC_CLIENT_ID' in v) {
        expect(show(v.OIDC_CLIENT_ID)).toBe(`<${s.logicalId(s.stack.auth.supervisorClient)}>`)
      }
      if ('STAFF_USER_POOL_ID' in v) expect(show(v.STAFF_USER_POOL_ID)).toBe(`<${s.logicalId(s.stack.auth.staffPool)}>`)
      if ('MAIL_FROM' in v) expect(v.MAIL_FROM).toBe('no-reply@example.com')
    }
  })

  it('can touch only what its manifest entry declares (every policy on its role, exactly)', () => {
    for (const key of keys()) {
      const roleId = show(s.resources[fnId(key)]!.Properties!.Role).replace(/^<(\w+)\.Arn>$/, '$1')
      const { managedPolicyArns, statements } = roleStatements(s.resources, roleId)
      expect(managedPolicyArns, key).toEqual([])
      // Only the session writes of read-only routes (SESSION# items only) and every role's denial of
      // audit record changes carry a condition; the health probe keeps no session, so writes none.
      expect(
        statements.filter((st) => st.Condition !== undefined).map((st) => st.Condition),
        key,
      ).toEqual(
        !routeAccess.probes.includes(key) && s.manifest[key]!.uses.includes('table:read')
          ? [sessionCondition, auditCondition]
          : [auditCondition],
      )
      expect(permissionLines(s.resources, roleId), key).toEqual(expectedPermissions(s, key))
      const trust = s.resources[roleId]!.Properties!.AssumeRolePolicyDocument.Statement as { Principal: unknown }[]
      expect(trust.map((t) => t.Principal)).toEqual([{ Service: 'lambda.amazonaws.com' }])
    }
  })
})
