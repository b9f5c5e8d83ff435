import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IConstruct } from 'constructs'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { filesFor, HEALTH_PROBE_KEY } from '@app/adapters'
import { stableId } from '@app/data/seed'
import { keys } from '@app/data/testing'
import { routes, type Use } from '@app/functions'
import { staffPoolActions, type Manifest } from '../lib/constructs/api.ts'
import { routeAccess, type RouteAccess } from '../lib/route-access.ts'
import { jobEntries } from '../lib/constructs/jobs.ts'
import { awsActionsIn, bundledSourceFiles, packageSourceFiles } from './aws-calls.ts'
import {
  allUses,
  auditCondition,
  expectedEraseJobPermissions,
  orgPrefixPattern,
  routeBaseEnv,
  envByUse,
  expectedJobPermissions,
  expectedPermissions,
  permissionsByUse,
  sessionCondition,
} from './expected.ts'
import {
  actionsOf,
  jobFunctions,
  permissionLines,
  projectRoot,
  roleStatements,
  show,
  synth,
  type Synth,
} from './synth.ts'

/** With context `stripePrices` and `stripePublishableKey`, the Stripe functions also get them. */
const env = (use: Use) => [...envByUse[use], ...(use === 'stripe' ? ['STRIPE_PRICES', 'STRIPE_PUBLISHABLE_KEY'] : [])]

/**
 * A made-up manifest with one route per kind of use (and one with none but the table, one with
 * everything), so every grant is checked in isolation, whatever the real manifest holds today.
 * Not bundled: the route files do not exist.
 */
/** Every use a route may hold at once: a route reads and writes the table, or only reads it. */
const everything = allUses.filter((use) => use !== 'table:read')
const only = (use: Use) => `probe/only-${use.toLowerCase()}`
const manifest: Manifest = {
  ...Object.fromEntries(allUses.map((use) => [only(use), { method: 'GET', path: `/api/probe/${use}`, uses: [use] }])),
  'probe/everything': { method: 'POST', path: '/api/probe/{id}/everything', uses: everything },
  'probe/twice': { method: 'DELETE', path: '/api/probe/{id}', uses: ['table', 'table'] },
}

/** The made-up routes that use the staff pool may call all of it. */
const access: RouteAccess = {
  staffPool: { [only('staffPool')]: staffPoolActions, 'probe/everything': staffPoolActions },
  probes: [],
  signIn: [],
  guessed: [],
}

let s: Synth
/** The real stack, for the checks of each real route against its code. */
let real: Synth
beforeAll(() => {
  s = synth({
    manifest,
    access,
    context: { stripePrices: { price_starter_monthly: 'price_abc' }, stripePublishableKey: 'pk_test_abc123' },
  })
  real = synth()
})
afterAll(() => {
  s?.cleanup()
  real?.cleanup()
})

const fnProps = (key: string, on: Synth = s) =>
  on.resources[on.logicalId(on.stack.api.functions.get(key)!)]!.Properties!
const roleOf = (key: string, on: Synth = s) => show(fnProps(key, on).Role).replace(/^<(\w+)\.Arn>$/, '$1')

describe('what a use grants, each alone', () => {
  it.each(allUses)("'%s' grants exactly its own resource, and the routes' log group", (use) => {
    const lines = permissionLines(s.resources, roleOf(only(use)))
    expect(lines).toEqual(expectedPermissions(s, only(use), access))
    const others = allUses.filter((u) => u !== use).flatMap((u) => permissionsByUse(s)[u])
    for (const line of others.filter((l) => !permissionsByUse(s)[use].includes(l))) expect(lines).not.toContain(line)
  })

  it.each(allUses)("'%s' sets exactly its own environment variables", (use) => {
    expect(Object.keys(fnProps(only(use)).Environment.Variables).sort()).toEqual([...routeBaseEnv, ...env(use)].sort())
  })

  it('grants the table its indexes but never Scan, and the buckets objects but never bucket settings', () => {
    const lines = permissionLines(s.resources, roleOf('probe/everything'))
    expect(lines.some((l) => l.startsWith('dynamodb:Scan'))).toBe(false)
    expect(actionsOf(lines, (l) => l.startsWith('s3:'))).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:ListBucket']),
    )
    expect(lines.filter((l) => /^s3:(Put|Delete)Bucket|^s3:\*|^dynamodb:\*|^\*/.test(l))).toEqual([])
  })
})

/**
 * A route that only reads (its code: functions/test/security/read-only.test.ts) gets reads of the
 * table and its indexes, and writes of its caller's session item only; every other route the full
 * item access. Checked on the real stack, statement by statement (the condition belongs to the writes).
 */
describe("each real route's table access", () => {
  const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']
  /** What a role is allowed on the table (every role's denial of audit changes: the test below). */
  const tableStatements = (key: string) =>
    roleStatements(real.resources, roleOf(key, real))
      .statements.map((st) => ({ ...st, Action: [st.Action].flat() }))
      .filter((st) => st.Effect === 'Allow' && st.Action.some((a) => a.startsWith('dynamodb:')))
  const readRoutes = Object.entries(routes).filter(([, r]) => r.uses.includes('table:read'))

  it('classifies the routes that only look (some, not all)', () => {
    expect(readRoutes.map(([key]) => key)).toEqual(expect.arrayContaining(['members/list-members', 'auth/get-user']))
    expect(readRoutes.length).toBeLessThan(Object.keys(routes).length)
    for (const [key, r] of Object.entries(routes))
      expect(r.uses.includes('table') !== r.uses.includes('table:read'), key).toBe(true)
  })

  it.each(readRoutes.map(([key]) => key))('%s: reads, and writes only session items', (key) => {
    const statements = tableStatements(key)
    const table = real.show(real.stack.data.table.tableArn)
    const reads = statements.filter((st) => st.Condition === undefined)
    expect(reads.flatMap((st) => st.Action).sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ])
    expect(reads.flatMap((st) => [st.Resource].flat().map(show)).sort()).toEqual([table, `${table}/index/*`])
    const conditioned = statements.filter((st) => st.Condition !== undefined)
    expect(conditioned.map((st) => [st.Action.sort(), [st.Resource].flat().map(show), st.Condition])).toEqual([
      [['dynamodb:DeleteItem', 'dynamodb:UpdateItem'], [table], sessionCondition],
    ])
    expect(statements.flatMap((st) => st.Action).filter((a) => writes.includes(a) && a.match(/Put|Batch/))).toEqual([])
  })

  it('denies every role, routes, the health probe and the jobs alike, any update or delete of an audit record', () => {
    const table = real.show(real.stack.data.table.tableArn)
    const jobRole = (fn: IConstruct) =>
      show(real.resources[real.logicalId(fn)]!.Properties!.Role).replace(/^<(\w+)\.Arn>$/, '$1')
    const roles = [
      ...Object.keys(routes).map((key) => roleOf(key, real)),
      ...jobFunctions(real.stack.jobs)
        .filter((fn) => fn !== real.stack.jobs.eraseClosed)
        .map(jobRole),
    ]
    const everyRole = Object.entries(real.resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Role')
      .filter(([, r]) => JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'))
      .map(([id]) => id)
    // Every role that may touch the table is one of these, or the erasure job's (below).
    const erasure = jobRole(real.stack.jobs.eraseClosed)
    for (const role of everyRole.filter((r) => !roles.includes(r) && r !== erasure))
      expect(
        permissionLines(real.resources, role).filter((l) => l.includes('dynamodb:')),
        role,
      ).toEqual([])
    for (const role of roles) {
      const denied = roleStatements(real.resources, role).statements.filter((st) => st.Effect === 'Deny')
      expect(
        denied.map((st) => [[st.Action].flat().sort(), [st.Resource].flat().map(show), st.Condition]),
        role,
      ).toEqual([[['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'], [table], auditCondition]])
    }
    // The one exemption: the erasure job may delete audit records one by one (DeleteItem),
    // and may not put, update or batch-write one.
    const erasureDenied = roleStatements(real.resources, erasure).statements.filter((st) => st.Effect === 'Deny')
    expect(
      erasureDenied.map((st) => [[st.Action].flat().sort(), [st.Resource].flat().map(show), st.Condition]),
    ).toEqual([[['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], [table], auditCondition]])
    // The condition names exactly the audit trail's partitions (packages/data/src/keys.ts).
    const auditPk = keys.auditRecord('o-1', '2026-01-01T00:00:00.000Z', 'r').pk
    const pattern = new RegExp(
      `^${auditCondition['ForAnyValue:StringLike']['dynamodb:LeadingKeys'][0]!.replace('*', '.*')}$`,
    )
    expect(auditPk).toMatch(pattern)
    for (const other of [
      keys.organization('o-1'),
      keys.session('s'),
      keys.timesheet('o-1', 1),
      keys.username('a#AUDIT'),
    ])
      expect(other.pk).not.toMatch(pattern)
  })

  it('gives the other routes (not the health probe) the full item access, unconditioned', () => {
    for (const [key, r] of Object.entries(routes)) {
      if (r.uses.includes('table:read') || routeAccess.probes.includes(key)) continue
      const statements = tableStatements(key)
      expect(
        statements.every((st) => st.Condition === undefined),
        key,
      ).toBe(true)
      expect(
        statements.flatMap((st) => st.Action),
        key,
      ).toEqual(expect.arrayContaining(writes))
    }
  })
})

describe('uses together', () => {
  it('grants the union of every use, and nothing else', () => {
    expect(permissionLines(s.resources, roleOf('probe/everything'))).toEqual(
      expectedPermissions(s, 'probe/everything', access),
    )
    expect(Object.keys(fnProps('probe/everything').Environment.Variables).sort()).toEqual(
      [...new Set([...routeBaseEnv, ...everything.flatMap(env)])].sort(),
    )
  })

  it('passes the Stripe price map (as JSON) and publishable key from context', () => {
    const vars = fnProps(only('stripe')).Environment.Variables
    expect(JSON.parse(vars.STRIPE_PRICES)).toEqual({ price_starter_monthly: 'price_abc' })
    expect(vars.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_abc123')
  })

  it('grants a use named twice once', () => {
    expect(permissionLines(s.resources, roleOf('probe/twice'))).toEqual(expectedPermissions(s, 'probe/twice', access))
  })

  it('shares a role only between functions whose permissions are identical', () => {
    // ['table', 'table'] grants exactly what ['table'] grants: one role; every other route differs.
    expect(roleOf('probe/twice')).toBe(roleOf(only('table')))
    const others = Object.keys(manifest)
      .filter((key) => key !== 'probe/twice')
      .map((key) => roleOf(key))
    expect(new Set(others).size).toBe(others.length)
  })

  it('on the real stack: two routes of a folder share a role exactly when their permissions are the same', () => {
    const keys = Object.keys(routes)
    const byRole = new Map<string, string[]>()
    for (const key of keys) byRole.set(roleOf(key, real), [...(byRole.get(roleOf(key, real)) ?? []), key])
    expect(byRole.size).toBeLessThan(keys.length) // some do share
    // A role is in its routes' nested stack (one per folder): within a folder, no two roles allow the same.
    const lines = new Set<string>()
    for (const [role, sharing] of byRole) {
      const granted = permissionLines(real.resources, role)
      for (const key of sharing) expect(granted, key).toEqual(expectedPermissions(real, key))
      const folders = new Set(sharing.map((key) => key.split('/')[0]))
      expect(folders.size, role).toBe(1)
      lines.add(`${[...folders][0]} ${JSON.stringify(granted)}`)
    }
    expect(lines.size).toBe(byRole.size)
  })

  it('routes every made-up entry, path parameters included', () => {
    const routeKeys = Object.values(s.resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties!.RouteKey as string)
      .sort()
    expect(routeKeys).toEqual(
      Object.values(manifest)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    )
  })
})

/**
 * The emulators of the local stack do not check IAM, so an adapter calling an AWS action that no
 * use grants would only fail in AWS. Read the AWS SDK commands the packages send and check that
 * some use grants each one (and that nothing scans the table); and that the retry job, which has
 * no uses, is granted every call its own code makes.
 */
describe('what the packages call in AWS', () => {
  const calledActions = () => awsActionsIn(packageSourceFiles())

  it('finds the commands the adapters send', () => {
    const actions = new Set(calledActions().map(([a]) => a))
    for (const a of [
      'dynamodb:GetItem',
      'dynamodb:Query',
      's3:PutObject',
      'ses:SendEmail',
      'cognito-idp:AdminCreateUser',
      'secretsmanager:GetSecretValue',
    ]) {
      expect(actions).toContain(a)
    }
  })

  it('grants no call that nothing makes', () => {
    const called = new Set(calledActions().map(([a]) => a))
    // ListBucket is never called: it makes GetObject on a missing key answer NoSuchKey, not AccessDenied.
    const byDesign = new Set(['s3:ListBucket'])
    const granted = [
      ...Object.values(permissionsByUse(s)).flat(),
      ...permissionLines(real.resources, roleOf('health/get-health', real)).filter(
        (l) => !l.startsWith('logs:') && !l.startsWith('Deny '),
      ),
    ].map((l) => l.split(' ')[0]!)
    expect([...new Set(granted)].filter((a) => !called.has(a) && !byDesign.has(a))).toEqual([])
  })

  it('has every one granted by some use, and no Scan', () => {
    // The uses, and the health check's probe role (the only one with DescribeTable, DescribeUserPool, GetAccount).
    const granted = new Set<string | undefined>(
      [
        ...Object.values(permissionsByUse(s)).flat(),
        ...permissionLines(real.resources, roleOf('health/get-health', real)),
      ].map((l) => l.split(' ')[0]),
    )
    // And the erasure job's role, the only one that deletes objects.
    for (const line of permissionLines(real.resources, eraseRole())) granted.add(line.split(' ')[0])
    const missing = calledActions().filter(([action]) => !granted.has(action))
    expect(missing).toEqual([])
    expect(calledActions().filter(([action]) => action === 'dynamodb:Scan')).toEqual([])
  })

  it('grants the retry job every call of the code bundled into it', async () => {
    const files = await bundledSourceFiles(join(projectRoot, jobEntries.retryEmails))
    expect(files.map((f) => f.slice(projectRoot.length))).toContain('packages/data/src/outbox.ts')
    const actions = awsActionsIn(files)
    expect(actions.map(([a]) => a)).toEqual(expect.arrayContaining(['ses:SendEmail', 'dynamodb:Query']))
    const role = show(s.resources[s.logicalId(s.stack.jobs.retryEmails)]!.Properties!.Role).replace(
      /^<(\w+)\.Arn>$/,
      '$1',
    )
    const lines = permissionLines(s.resources, role)
    expect(lines).toEqual(expectedJobPermissions(s))
    const granted = new Set(lines.map((l) => l.split(' ')[0]))
    expect(actions.filter(([action]) => !granted.has(action))).toEqual([])
  }, 30_000)
})

/** The erasure job's role, on the real stack. */
const eraseRole = () =>
  show(real.resources[real.logicalId(real.stack.jobs.eraseClosed)]!.Properties!.Role).replace(/^<(\w+)\.Arn>$/, '$1')

/**
 * The erasure job: read from the code bundled into it, it may make every call it makes,
 * and no other. The table's and the staff pool's calls are read as the routes' are; of the files,
 * the job only erases (`filesFor(...).eraseAll()`: list and delete).
 */
describe('the erasure job, against its code', () => {
  it('is granted the calls its bundle makes: the staff pool by method, the files by what it calls, nothing else', async () => {
    const files = await bundledSourceFiles(join(projectRoot, jobEntries.eraseClosed))
    expect(files.map((f) => f.slice(projectRoot.length))).toEqual(
      expect.arrayContaining(['packages/data/src/closures.ts', 'packages/adapters/src/files.ts']),
    )
    const granted = permissionLines(real.resources, eraseRole())
    const allowed = new Set(granted.filter((l) => !l.startsWith('Deny ')).map((l) => l.split(' ')[0]!))
    const called = new Set(awsActionsIn(files).map(([a]) => a))
    // Nothing is granted that its code does not call (the log group and dead-letter queue are Lambda's).
    for (const action of allowed)
      if (!action.startsWith('logs:') && action !== 'sqs:SendMessage') expect(called, action).toContain(action)
    // The staff pool: exactly the calls of the methods its code calls; the supervisor pool: the
    // calls of supervisor-pool.ts, which it uses (and which makes no other).
    const methods = staffPoolMethodCalls()
    const supervisorPoolSource = join(projectRoot, 'packages/adapters/src/supervisor-pool.ts')
    expect(files).toContain(supervisorPoolSource)
    const ours = files.filter((f) => !f.endsWith('packages/adapters/src/staff-pool.ts') && f !== supervisorPoolSource)
    const used = ours.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/staffPool\.(\w+)\(/g)].map((m) => m[1]!))
    const supervisorCalls = [...readFileSync(supervisorPoolSource, 'utf8').matchAll(/new (\w+)Command\(/g)].map(
      (c) => `cognito-idp:${c[1]}`,
    )
    expect(supervisorCalls.sort()).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'])
    expect([...allowed].filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(
      [...new Set([...used.flatMap((m) => methods.get(m) ?? []), ...supervisorCalls])].sort(),
    )
    // The files: only erased. Every use of filesFor in its own code is eraseAll, which lists and deletes.
    const fileCalls = ours
      .filter((f) => f.includes('/functions/src/'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/filesFor\([^)]*\)\.(\w+)/g)].map((m) => m[1]))
    expect(fileCalls).toEqual(['eraseAll'])
    expect([...allowed].filter((a) => a.startsWith('s3:')).sort()).toEqual(['s3:DeleteObject', 's3:ListBucket'])
    // Every table and email call its bundle can make, less ConditionCheckItem (expected.ts says why).
    expect([...allowed].filter((a) => /^(dynamodb|ses):/.test(a)).sort()).toEqual(
      [...called].filter((a) => /^(dynamodb|ses):/.test(a) && a !== 'dynamodb:ConditionCheckItem').sort(),
    )
    expect(granted).toEqual(expectedEraseJobPermissions(real))
  }, 30_000)

  it("deletes objects only under an organization's folder: a UUID and '/', never the bucket's own keys", () => {
    const asRegex = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\?/g, '.')
          .replace(/\*/g, '.*')}$`,
      )
    const deletable = asRegex(`${orgPrefixPattern}/*`)
    const listable = asRegex(orgPrefixPattern)
    const org = randomUUID()
    const file = filesFor(org).dataExport(randomUUID()).key
    expect(file).toMatch(deletable)
    expect(org).toMatch(listable) // the erasure lists by the organization's id (files.ts)
    expect(stableId('org', 'Demo')).toMatch(listable) // the seeded and demo organizations' ids
    for (const other of [HEALTH_PROBE_KEY, `${org}`, `x${org}/a`, 'reports/a.csv']) expect(other).not.toMatch(deletable)
  })
})

/**
 * The staff pool's methods (packages/adapters/src/staff-pool.ts) and the Cognito calls each makes,
 * counting the methods it calls in turn: read from the source.
 */
const staffPoolMethodCalls = () => {
  const source = readFileSync(join(projectRoot, 'packages/adapters/src/staff-pool.ts'), 'utf8')
  const body = source.slice(source.indexOf('export const staffPool = {'))
  const starts = [...body.matchAll(/^ {2}async (\w+)\(/gm)]
  const direct = new Map(
    starts.map((m, i) => {
      const text = body.slice(m.index, starts[i + 1]?.index ?? body.length)
      return [
        m[1]!,
        {
          calls: [...text.matchAll(/new (\w+)Command\(/g)].map((c) => `cognito-idp:${c[1]}`),
          uses: [...text.matchAll(/staffPool\.(\w+)\(/g)].map((c) => c[1]!),
        },
      ]
    }),
  )
  const resolve = (method: string, seen = new Set<string>()): string[] => {
    if (seen.has(method)) return []
    seen.add(method)
    const m = direct.get(method)
    if (!m) throw new Error(`staffPool.${method} not found in staff-pool.ts`)
    return [...m.calls, ...m.uses.flatMap((u) => resolve(u, seen))]
  }
  return new Map([...direct.keys()].map((name) => [name, [...new Set(resolve(name))].sort()]))
}

describe('each real route, against its code', () => {
  const methods = staffPoolMethodCalls()
  const staffRoutes = Object.entries(routes).filter(
    ([key, r]) => r.uses.includes('staffPool') && !routeAccess.probes.includes(key),
  )

  it('reads the staff pool methods and their calls from the source', () => {
    expect(methods.get('checkPassword')).toEqual(['cognito-idp:AdminInitiateAuth'])
    expect(methods.get('createUser')).toEqual([
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
    ])
    expect(staffRoutes.map(([key]) => key).sort()).toEqual(Object.keys(routeAccess.staffPool).sort())
  })

  it.each(Object.keys(routeAccess.staffPool))(
    "'%s' may make exactly the staff pool calls its code makes",
    async (key) => {
      const files = await bundledSourceFiles(join(projectRoot, 'functions/src', `${key}.ts`))
      const used = files
        .filter((f) => !f.endsWith('packages/adapters/src/staff-pool.ts'))
        .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/staffPool\.(\w+)\(/g)].map((m) => m[1]!))
      const calls = [...new Set(used.flatMap((m) => methods.get(m) ?? []))].sort()
      expect(calls.length).toBeGreaterThan(0)
      const granted = actionsOf(permissionLines(real.resources, roleOf(key, real)), (l) => l.startsWith('cognito-idp:'))
      expect(granted).toEqual(calls)
    },
    30_000,
  )

  it('lets staff login only check a password: no creating, changing or deleting a login', () => {
    const lines = permissionLines(real.resources, roleOf('staff/staff-login', real))
    expect(actionsOf(lines, (l) => l.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminInitiateAuth'])
  })

  it('gives the health check only the probe calls its code makes: it keeps no session, so no session writes', async () => {
    const probeCalls = awsActionsIn([join(projectRoot, 'packages/adapters/src/health.ts')]).map(([a]) => a)
    const secretsCalls = awsActionsIn([join(projectRoot, 'packages/adapters/src/secrets.ts')]).map(([a]) => a)
    expect(routes['health/get-health'].keepsNoSession).toBe(true)
    const granted = permissionLines(real.resources, roleOf('health/get-health', real))
      .filter((l) => !l.startsWith('logs:') && !l.startsWith('Deny '))
      .map((l) => l.split(' ')[0]!)
    expect([...new Set(granted)].sort()).toEqual([...new Set([...probeCalls, ...secretsCalls, 's3:ListBucket'])].sort())
    const files = await bundledSourceFiles(join(projectRoot, 'functions/src/health/get-health.ts'))
    expect(files.map((f) => f.slice(projectRoot.length))).toContain('packages/adapters/src/health.ts')
  }, 30_000)
})

describe('the secrets key', () => {
  it('is one customer managed key that rotates, usable only by the routes that make or deliver webhooks and the retry job', () => {
    const kmsKeys = Object.values(real.resources).filter((r) => r.Type === 'AWS::KMS::Key')
    expect(kmsKeys).toHaveLength(1)
    expect(kmsKeys[0]!.Properties).toMatchObject({ EnableKeyRotation: true })
    const keyArn = real.show(real.stack.secretsKey.key.keyArn)
    const usesKey = (role: string) =>
      permissionLines(real.resources, role)
        .filter((l) => l.includes(keyArn))
        .sort()
    const routesWithKey = [...real.stack.api.functions.keys()].filter((k) => usesKey(roleOf(k, real)).length > 0)
    expect(routesWithKey.sort()).toEqual(
      Object.entries(routes)
        .filter(([, r]) => r.uses.includes('secretsKey'))
        .map(([k]) => k)
        .sort(),
    )
    expect(routesWithKey).toEqual(expect.arrayContaining(['webhooks/create-webhook', 'timesheets/update-status']))
    expect(routesWithKey).not.toContain('webhooks/list-webhooks')
    for (const key of routesWithKey)
      expect(usesKey(roleOf(key, real)), key).toEqual([`kms:Decrypt on ${keyArn}`, `kms:Encrypt on ${keyArn}`])
    const jobRole = (fn: IFunction) =>
      show(real.resources[real.logicalId(fn)]!.Properties!.Role).replace(/^<(\w+)\.Arn>$/, '$1')
    expect(usesKey(jobRole(real.stack.jobs.retryEmails))).toEqual([
      `kms:Decrypt on ${keyArn}`,
      `kms:Encrypt on ${keyArn}`,
    ])
    expect(usesKey(jobRole(real.stack.jobs.reminders))).toEqual([])
  })
})
