import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Use } from '@app/functions'
import type { Manifest } from '../lib/constructs/api.ts'
import { retryEmailsEntry } from '../lib/constructs/jobs.ts'
import { awsActionsIn, bundledSourceFiles, packageSourceFiles } from './aws-calls.ts'
import {
  allUses,
  baseEnv,
  envByUse,
  expectedJobPermissions,
  expectedPermissions,
  permissionsByUse,
} from './expected.ts'
import { permissionLines, projectRoot, show, synth, type Synth } from './synth.ts'

/** With context `stripePrices` and `stripePublishableKey`, the Stripe functions also get them. */
const env = (use: Use) => [...envByUse[use], ...(use === 'stripe' ? ['STRIPE_PRICES', 'STRIPE_PUBLISHABLE_KEY'] : [])]

/**
 * A made-up manifest with one route per kind of use (and one with none but the table, one with
 * everything), so every grant is checked in isolation, whatever the real manifest holds today.
 * Not bundled: the route files do not exist.
 */
const only = (use: Use) => `probe/only-${use.toLowerCase()}`
const manifest: Manifest = {
  ...Object.fromEntries(allUses.map((use) => [only(use), { method: 'GET', path: `/api/probe/${use}`, uses: [use] }])),
  'probe/everything': { method: 'POST', path: '/api/probe/{id}/everything', uses: [...allUses] },
  'probe/twice': { method: 'DELETE', path: '/api/probe/{id}', uses: ['table', 'table'] },
}

let s: Synth
beforeAll(() => {
  s = synth({
    manifest,
    context: { stripePrices: { price_starter_monthly: 'price_abc' }, stripePublishableKey: 'pk_test_abc123' },
  })
}, 60_000)
afterAll(() => s?.cleanup())

const fnProps = (key: string) => s.resources[s.logicalId(s.stack.api.functions.get(key)!)]!.Properties!
const roleOf = (key: string) => show(fnProps(key).Role).replace(/^<(\w+)\.Arn>$/, '$1')

describe('what a use grants, each alone', () => {
  it.each(allUses)("'%s' grants exactly its own resource, and its function's own log group", (use) => {
    const lines = permissionLines(s.resources, roleOf(only(use)))
    expect(lines).toEqual(expectedPermissions(s, only(use)))
    const others = allUses.filter((u) => u !== use).flatMap((u) => permissionsByUse(s)[u])
    for (const line of others.filter((l) => !permissionsByUse(s)[use].includes(l))) expect(lines).not.toContain(line)
  })

  it.each(allUses)("'%s' sets exactly its own environment variables", (use) => {
    expect(Object.keys(fnProps(only(use)).Environment.Variables).sort()).toEqual([...baseEnv, ...env(use)].sort())
  })

  it('grants the table its indexes but never Scan, and the buckets objects but never bucket settings', () => {
    const lines = permissionLines(s.resources, roleOf('probe/everything'))
    expect(lines.some((l) => l.startsWith('dynamodb:Scan'))).toBe(false)
    expect(lines.filter((l) => l.startsWith('s3:')).map((l) => l.split(' ')[0])).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket']),
    )
    expect(lines.filter((l) => /^s3:(Put|Delete)Bucket|^s3:\*|^dynamodb:\*|^\*/.test(l))).toEqual([])
  })
})

describe('uses together', () => {
  it('grants the union of every use, and nothing else', () => {
    expect(permissionLines(s.resources, roleOf('probe/everything'))).toEqual(expectedPermissions(s, 'probe/everything'))
    expect(Object.keys(fnProps('probe/everything').Environment.Variables).sort()).toEqual(
      [...baseEnv, ...allUses.flatMap(env)].sort(),
    )
  })

  it('passes the Stripe price map (as JSON) and publishable key from context', () => {
    const vars = fnProps(only('stripe')).Environment.Variables
    expect(JSON.parse(vars.STRIPE_PRICES)).toEqual({ price_starter_monthly: 'price_abc' })
    expect(vars.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_abc123')
  })

  it('grants a use named twice once', () => {
    expect(permissionLines(s.resources, roleOf('probe/twice'))).toEqual(expectedPermissions(s, 'probe/twice'))
  })

  it('gives each function a role of its own', () => {
    const roles = Object.keys(manifest).map(roleOf)
    expect(new Set(roles).size).toBe(roles.length)
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

  it('has every one granted by some use, and no Scan', () => {
    const granted = new Set(Object.values(permissionsByUse(s)).flatMap((lines) => lines.map((l) => l.split(' ')[0])))
    const missing = calledActions().filter(([action]) => !granted.has(action))
    expect(missing).toEqual([])
    expect(calledActions().filter(([action]) => action === 'dynamodb:Scan')).toEqual([])
  })

  it('grants the retry job every call of the code bundled into it', async () => {
    const files = await bundledSourceFiles(join(projectRoot, retryEmailsEntry))
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
