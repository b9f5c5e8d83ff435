import { Stack } from 'aws-cdk-lib'
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources'
import { routes } from '@app/functions'
import { describe, expect, it } from 'vitest'
import { FUNCTIONS_PER_INVOKE_ROLE, type Manifest } from '../lib/constructs/api.ts'
import { routeAccess } from '../lib/route-access.ts'
import { auditCondition, expectedEnv, expectedPermissions, sessionCondition } from './expected.ts'
import {
  jobFunctions,
  permissionLines,
  roleStatements,
  show,
  synthForFile,
  type StackTemplate,
  type Synth,
} from './synth.ts'

/** The real manifest (not bundled: bundle.test.ts checks bundling). */
const s = synthForFile()

const fnId = (key: string) => s.logicalId(s.stack.api.functions.get(key)!)
const keys = () => Object.keys(s.manifest)
/** A role Lambda or API Gateway assumes for a route (the jobs' roles and CDK's handlers' are Lambda's too: told by description). */
const isRouteRole = (r: { Properties?: Record<string, any> }) =>
  /^(Route functions|The health check|The HTTP API's integrations)/.test(String(r.Properties?.Description ?? ''))

describe('the API: one function and one route per manifest entry', () => {
  it('has a function for every manifest entry, and no function but those, the jobs and the CDK-provided handlers', () => {
    expect(keys().length).toBeGreaterThan(0)
    const ours = new Set(keys().map(fnId))
    expect(ours.size).toBe(keys().length)
    // A job is not a route: it has a function of its own, named here, and no route.
    const jobs = jobFunctions(s.stack.jobs).map((fn) => s.logicalId(fn))
    for (const job of jobs) {
      expect(ours.has(job)).toBe(false)
      expect(s.resources[job]?.Type).toBe('AWS::Lambda::Function')
    }
    const customResourceHandler = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`
    const others = s
      .ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => !ours.has(id) && !jobs.includes(id))
    for (const id of others) {
      expect(id.startsWith('CustomCDKBucketDeployment') || id.startsWith(customResourceHandler), id).toBe(true)
    }
    for (const id of ours) expect(s.resources[id]?.Type).toBe('AWS::Lambda::Function')
    const integrated = s.ofType('AWS::ApiGatewayV2::Integration').map(([, r]) => show(r.Properties!.IntegrationUri))
    for (const job of jobs) expect(integrated).not.toContain(`<${job}.Arn>`)
  })

  it('has exactly the manifest routes, each integrated with its own function', () => {
    const routes = s.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!)
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
    const permissions = s.ofType('AWS::Lambda::Permission').map(([, r]) => show(r.Properties!.FunctionName))
    for (const fn of permissions) expect(ours.has(fn), fn).toBe(false)
    const integrations = s.ofType('AWS::ApiGatewayV2::Integration').map(([, r]) => r.Properties!)
    const invokedBy = new Map<string, string[]>()
    for (const key of keys()) {
      const integration = integrations.find((i) => show(i.IntegrationUri) === `<${fnId(key)}.Arn>`)!
      const role = /^<(\w+)\.Arn>$/.exec(show(integration.CredentialsArn))![1]!
      invokedBy.set(role, [...(invokedBy.get(role) ?? []), `<${fnId(key)}.Arn>`])
    }
    // A group's functions are invoked by its own roles (FUNCTIONS_PER_INVOKE_ROLE to a role).
    const groups = [...s.stack.api.groups.values()]
    expect(invokedBy.size).toBe(groups.reduce((n, g) => n + Math.ceil(g.functions.size / FUNCTIONS_PER_INVOKE_ROLE), 0))
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
  /** A stack's own resources of a type, as its template holds them. */
  const own = (t: StackTemplate, type: string) => Object.values(t.json.Resources).filter((r) => r.Type === type)
  const parent = () => s.stacks[0]!
  const nested = () => s.stacks.slice(1)

  it('puts each route’s function, integration and route in the nested stack of its folder, and none in the parent', () => {
    expect(own(parent(), 'AWS::ApiGatewayV2::Route')).toEqual([])
    expect(own(parent(), 'AWS::ApiGatewayV2::Integration')).toEqual([])
    expect(own(parent(), 'AWS::IAM::Role').filter(isRouteRole)).toEqual([])
    const folders = [...new Set(keys().map((k) => k.split('/')[0]!))].sort()
    expect([...s.stack.api.groups.keys()].sort()).toEqual(folders)
    expect(nested().map((t) => t.stack)).toEqual(expect.arrayContaining([...s.stack.api.groups.values()]))
    for (const [folder, group] of s.stack.api.groups) {
      const t = s.stacks.find((x) => x.stack === group)!
      const mine = keys().filter((k) => k.startsWith(`${folder}/`))
      expect([...group.functions.keys()].sort()).toEqual(mine.sort())
      expect(
        own(t, 'AWS::ApiGatewayV2::Route')
          .map((r) => r.Properties!.RouteKey)
          .sort(),
        folder,
      ).toEqual(mine.map((k) => `${s.manifest[k]!.method} ${s.manifest[k]!.path}`).sort())
      for (const k of mine) expect(t.json.Resources[fnId(k)]?.Type, k).toBe('AWS::Lambda::Function')
      // Its functions' alarms are next to them: the parent holds no per-function alarm.
      expect(own(t, 'AWS::CloudWatch::Alarm')).toHaveLength(2 * Math.ceil(mine.length / 10))
      // The routes attach to the parent's API, which the nested template takes as a parameter.
      for (const r of Object.values(t.resources).filter((x) => x.Type === 'AWS::ApiGatewayV2::Route'))
        expect(show(r.Properties!.ApiId)).toBe(`<${s.logicalId(s.stack.api.httpApi)}>`)
    }
    expect(own(parent(), 'AWS::CloudWatch::Alarm')).toHaveLength(1 + 1 + 4 + 2)
  })

  it('costs three resources per route in its nested stack (plus its share of roles and alarms), none in the parent', () => {
    const n = keys().length
    const count = (type: string) => s.ofType(type).length
    expect(count('AWS::ApiGatewayV2::Route')).toBe(n)
    expect(count('AWS::ApiGatewayV2::Integration')).toBe(n)
    // No invoke permission per route (API Gateway calls as an invoke role: one per 40 functions of a group).
    const apiInvokes = s
      .ofType('AWS::Lambda::Permission')
      .filter(([, p]) => p.Properties!.Principal === 'apigateway.amazonaws.com')
    expect(apiInvokes).toHaveLength(0) // the jobs' permissions are EventBridge's
    const roles = new Set(keys().map((k) => show(s.resources[fnId(k)]!.Properties!.Role).replace(/\.Arn>$/, '>')))
    const attached = s
      .ofType('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties!.Roles as unknown[]).some((r) => roles.has(show(r))))
    expect(attached).toEqual([]) // a role's policy is inline: no extra resource
    // One log group for every route (the jobs keep their own), and a role per distinct set of permissions of a group.
    const logGroups = new Set(keys().map((k) => show(s.resources[fnId(k)]!.Properties!.LoggingConfig.LogGroup)))
    expect(logGroups).toEqual(new Set([`<${s.logicalId(s.stack.api.logGroup)}>`]))
    for (const group of s.stack.api.groups.values()) expect(group.roles.size).toBeLessThanOrEqual(group.functions.size)
    expect(roles.size).toBe([...s.stack.api.groups.values()].reduce((sum, g) => sum + g.roles.size, 0))
  })

  it('keeps the parent and every nested stack well under CloudFormation’s 500 resources and 200 parameters and outputs', () => {
    const lines = s.stacks.map((t) => {
      const resources = Object.keys(t.json.Resources).length
      const parameters = Object.keys(t.json.Parameters ?? {}).length
      const outputs = Object.keys(t.json.Outputs ?? {}).length
      // Headroom: a nested stack could take five times its largest folder today.
      expect(resources, t.stack.node.path).toBeLessThan(t === parent() ? 400 : 200)
      expect(parameters, t.stack.node.path).toBeLessThan(100)
      expect(outputs, t.stack.node.path).toBeLessThan(100)
      return `${t.stack.node.path}: ${resources} resources, ${parameters} parameters, ${outputs} outputs`
    })
    console.info(`${keys().length} routes in ${nested().length} nested stacks\n${lines.join('\n')}`)
  })
})

describe('the stack size as routes are added', () => {
  /**
   * 40 more routes: 20 in a folder that has routes (members) and 20 in a new folder. The parent
   * gains one resource (the new folder's nested stack) and nothing per route; no route moves.
   */
  const added: Manifest = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => {
      const folder = i < 20 ? 'members' : 'synthetic'
      return [`${folder}/added-${i}`, { method: 'POST', path: `/api/${folder}/added/${i}`, uses: ['table'] }]
    }),
  )
  const more = synthForFile({ manifest: { ...routes, ...added } })

  it('leaves the parent stack one nested stack bigger, whatever the number of routes, and every stack under the limits', () => {
    const resources = (t: StackTemplate) => Object.keys(t.json.Resources).length
    expect(resources(more.stacks[0]!)).toBe(resources(s.stacks[0]!) + 1)
    expect(more.stacks).toHaveLength(s.stacks.length + 1)
    for (const t of more.stacks) {
      expect(resources(t), t.stack.node.path).toBeLessThan(t === more.stacks[0] ? 400 : 200)
      expect(Object.keys(t.json.Parameters ?? {}).length).toBeLessThan(100)
    }
    const members = more.stacks.find((t) => t.stack === more.stack.api.groups.get('members'))!
    const before = s.stacks.find((t) => t.stack === s.stack.api.groups.get('members'))!
    // Per route: function, integration, route; an alarm pair per 10 functions; a second invoke role past 40.
    expect(resources(members) - resources(before)).toBeGreaterThanOrEqual(20 * 3)
  })

  it('moves no existing route: each keeps its nested stack and its logical id', () => {
    for (const key of keys()) {
      const where = (x: Synth) => {
        const fn = x.stack.api.functions.get(key)!
        return [x.stacks.find((t) => t.stack === Stack.of(fn))!.resourceId, x.logicalId(fn)]
      }
      expect(where(more), key).toEqual(where(s))
    }
  })
})

describe('detaching the routes (context detachRoutes, the one deploy before the first with nested stacks)', () => {
  const detached = synthForFile({ context: { detachRoutes: true } })

  it('keeps the API, its stage and everything else of the parent, with no route, no route function and no nested stack', () => {
    expect(detached.stacks).toHaveLength(1)
    expect(detached.stack.api.functions.size).toBe(0)
    const types = (t: StackTemplate) => Object.values(t.json.Resources).map((r) => r.Type)
    for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::CloudFormation::Stack'])
      expect(types(detached.stacks[0]!)).not.toContain(type)
    expect(types(detached.stacks[0]!).filter((t) => t === 'AWS::ApiGatewayV2::Api')).toHaveLength(1)
    expect(types(detached.stacks[0]!).filter((t) => t === 'AWS::ApiGatewayV2::Stage')).toHaveLength(1)
    // The same parent otherwise: every resource but the nested stacks keeps its logical id.
    const kept = Object.keys(s.stacks[0]!.json.Resources).filter(
      (id) => s.stacks[0]!.json.Resources[id]!.Type !== 'AWS::CloudFormation::Stack',
    )
    expect(Object.keys(detached.stacks[0]!.json.Resources).sort()).toEqual(kept.sort())
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
