import { AwsCustomResource } from 'aws-cdk-lib/custom-resources'
import { describe, expect, it } from 'vitest'
import { FUNCTIONS_PER_INVOKE_ROLE } from '../lib/constructs/api.ts'
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
    const jobs = [
      s.stack.jobs.retryEmails,
      s.stack.jobs.reminders,
      s.stack.jobs.export,
      s.stack.jobs.importMembers,
      s.stack.jobs.eraseClosed,
      s.stack.jobs.timeOffYearly,
    ].map((fn) => s.logicalId(fn))
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

  it('lets only API Gateway invoke a route function, through its integration’s invoke role, and nothing else', () => {
    const ours = new Set(keys().map((key) => `<${fnId(key)}.Arn>`))
    // No resource policy on a route function: API Gateway calls it as an invoke role.
    const permissions = ofType('AWS::Lambda::Permission').map(([, r]) => show(r.Properties!.FunctionName))
    for (const fn of permissions) expect(ours.has(fn), fn).toBe(false)
    const integrations = ofType('AWS::ApiGatewayV2::Integration').map(([, r]) => r.Properties!)
    const invokedBy = new Map<string, string[]>()
    for (const key of keys()) {
      const integration = integrations.find((i) => show(i.IntegrationUri) === `<${fnId(key)}.Arn>`)!
      const role = /^<(\w+)\.Arn>$/.exec(show(integration.CredentialsArn))![1]!
      invokedBy.set(role, [...(invokedBy.get(role) ?? []), `<${fnId(key)}.Arn>`])
    }
    expect(invokedBy.size).toBe(Math.ceil(keys().length / FUNCTIONS_PER_INVOKE_ROLE))
    for (const [role, fns] of invokedBy) {
      const trust = s.resources[role]!.Properties!.AssumeRolePolicyDocument.Statement as Record<string, unknown>[]
      expect(trust).toEqual([
        { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' } },
      ])
      // Exactly the functions whose integrations name it; no other call, no wildcard.
      expect(permissionLines(s.resources, role)).toEqual(fns.map((fn) => `lambda:InvokeFunction on ${fn}`).sort())
      expect(roleStatements(s.resources, role).managedPolicyArns).toEqual([])
    }
  })
})

describe('the stack size', () => {
  it('costs three resources per route (plus its share of roles and alarms) and stays under CloudFormation’s 500 with room for one more route', () => {
    const n = keys().length
    const count = (type: string) => ofType(type).length
    expect(count('AWS::ApiGatewayV2::Route')).toBe(n)
    expect(count('AWS::ApiGatewayV2::Integration')).toBe(n)
    // No invoke permission per route (API Gateway calls as an invoke role: one per 40 functions).
    const apiInvokes = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties!.Principal === 'apigateway.amazonaws.com',
    )
    expect(apiInvokes).toHaveLength(0) // the jobs' permissions are EventBridge's
    expect(s.stack.api.invokeRoles).toHaveLength(Math.ceil(n / FUNCTIONS_PER_INVOKE_ROLE))
    const roles = new Set(keys().map((k) => show(s.resources[fnId(k)]!.Properties!.Role).replace(/\.Arn>$/, '>')))
    const attached = ofType('AWS::IAM::Policy').filter(([, p]) =>
      (p.Properties!.Roles as unknown[]).some((r) => roles.has(show(r))),
    )
    expect(attached).toEqual([]) // a role's policy is inline: no extra resource
    // One log group for every route (the jobs keep their own), and a role per distinct set of permissions.
    const logGroups = new Set(keys().map((k) => show(s.resources[fnId(k)]!.Properties!.LoggingConfig.LogGroup)))
    expect(logGroups.size).toBe(1)
    expect(roles.size).toBeLessThan(n / 2)
    const total = Object.keys(s.resources).length
    // Per route: function, integration, route; an invoke role per 40 routes; 2 alarms per 10 routes;
    // and a role when its permissions match no other route's (counted as if every new route had a
    // set of its own, the worst case). The retry job and its schedule, queue and alarms are counted
    // once, in the total.
    const perRoute = 3 + 1 / FUNCTIONS_PER_INVOKE_ROLE + 0.2 + 1
    console.info(
      `stack: ${total} resources, ${n} routes, ${roles.size} route roles; room for ${Math.floor((500 - total) / perRoute)} more routes`,
    )
    // 331 resources for 74 routes on 2026-11-26 left room for 40 more in this worst case; 115
    // routes now take 492 of CloudFormation's 500, room for one more: the next routes must move
    // the routes into nested stacks first (docs/operations.md). This holds the hard limit.
    expect(total + perRoute).toBeLessThan(500)
  })
})

describe('each function', () => {
  it('runs Node.js 22 on ARM64 with JSON logs in the routes’ log group, source maps on, and no reserved concurrency', () => {
    const routeLogs = s.logicalId(s.stack.api.logGroup)
    expect(s.resources[routeLogs]!.Properties!.RetentionInDays).toBe(30)
    expect(s.resources[routeLogs]!.DeletionPolicy).toBe('Delete')
    for (const key of keys()) {
      const p = s.resources[fnId(key)]!.Properties!
      expect(p.Runtime, key).toBe('nodejs22.x')
      expect(p.Architectures).toEqual(['arm64'])
      expect(p.Handler).toBe('index.handler')
      expect(p.LoggingConfig.LogFormat).toBe('JSON')
      // Shared: Lambda names each stream after its function (YYYY/MM/DD/<function name>[<version>]...).
      expect(show(p.LoggingConfig.LogGroup)).toBe(`<${routeLogs}>`)
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
