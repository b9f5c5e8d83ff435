import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generatePassword } from '@app/adapters'
import { integrationSettings } from '@app/core'
import { tableDefinition } from '@app/data'
import { routes } from '@app/functions'
import { localBuckets, staffClientSettings, staffPoolSettings, tableInput } from '@app/local/src/provision.ts'
import type { Ports } from '@app/local/src/ports.ts'
import { functionEnvironments, localEnvironmentValues, localRuntimeEnvironment } from '@app/local/src/stack.ts'
import { staffPoolDefinition } from '../lib/definition.ts'
import { differences, fromLocal, fromTemplate } from './drift.ts'
import { synthForFile } from './synth.ts'

/**
 * One description, two stacks: what the local stack creates must behave like what the template
 * deploys. The local side is read from the inputs of the local provisioning calls (provision.ts);
 * a copy of a definition changed by hand must make the comparison fail, proving it can.
 */
const s = synthForFile()

type StaffDefinition = typeof staffPoolDefinition
const local = (options: { table?: typeof tableDefinition; staff?: StaffDefinition } = {}) =>
  fromLocal({
    table: tableInput('timesheets', options.table),
    staffPool: staffPoolSettings(options.staff),
    staffClient: staffClientSettings(options.staff),
    buckets: localBuckets(),
  })

describe('the local stack and the template', () => {
  it('agree on the table, the staff pool and its client, and the buckets', () => {
    const template = fromTemplate(s.resources)
    expect(template.staffPool.passwordPolicy.requireSymbols).toBe(true)
    expect(template.table.indexes).toHaveLength(tableDefinition.indexes.length)
    expect(template.buckets.exports).toEqual({ expirationDays: 7, abortIncompleteMultipartUploadDays: 1 })
    expect(differences(template, local())).toEqual([])
  })

  it('disagree when the local password policy is changed by hand', () => {
    const staff = structuredClone(staffPoolDefinition) as StaffDefinition
    ;(staff.passwordPolicy as { requireSymbols: boolean }).requireSymbols = false
    expect(differences(fromTemplate(s.resources), local({ staff }))).toEqual([
      'staffPool.passwordPolicy.requireSymbols: template true, local false',
    ])
  })

  it('disagree when a local index is changed by hand', () => {
    const table = structuredClone(tableDefinition) as unknown as { indexes: { sortKey: string }[] }
    table.indexes[1]!.sortKey = 'gsi2other'
    const found = differences(fromTemplate(s.resources), local({ table: table as unknown as typeof tableDefinition }))
    expect(found.some((d) => d.startsWith('table.indexes'))).toBe(true)
    expect(found.some((d) => d.startsWith('table.attributes'))).toBe(true)
  })

  it('disagree when the template is changed by hand: policy, index projection, TTL, flows, MFA, tokens, lifecycle', () => {
    const resources = structuredClone(s.resources)
    const byType = (type: string, prefix: string) =>
      Object.entries(resources).find(([id, r]) => r.Type === type && id.startsWith(prefix))![1].Properties!
    byType('AWS::Cognito::UserPool', 'AuthStaffPool').Policies.PasswordPolicy.MinimumLength = 8
    byType('AWS::Cognito::UserPool', 'AuthStaffPool').AdminCreateUserConfig.AllowAdminCreateUserOnly = false
    byType('AWS::Cognito::UserPool', 'AuthStaffPool').MfaConfiguration = 'OPTIONAL'
    byType('AWS::DynamoDB::Table', 'DataTable').GlobalSecondaryIndexes[0].Projection = { ProjectionType: 'KEYS_ONLY' }
    byType('AWS::DynamoDB::Table', 'DataTable').TimeToLiveSpecification.AttributeName = 'ttl'
    byType('AWS::Cognito::UserPoolClient', 'AuthStaffPoolApiClient').ExplicitAuthFlows.push('ALLOW_USER_PASSWORD_AUTH')
    byType('AWS::Cognito::UserPoolClient', 'AuthStaffPoolApiClient').RefreshTokenValidity = 30
    byType('AWS::S3::Bucket', 'FilesExports').LifecycleConfiguration.Rules[0].ExpirationInDays = 30
    const found = differences(fromTemplate(resources), local()).map((d) => d.split(':')[0])
    expect(found).toEqual(
      [
        'buckets.exports.expirationDays',
        'staffClient.authFlows',
        'staffClient.refreshTokenMinutes',
        'staffPool.adminCreateUserOnly',
        'staffPool.mfa',
        'staffPool.passwordPolicy.minLength',
        'table.indexes',
        'table.ttlAttribute',
      ].sort(),
    )
  })
})

/** Cognito's symbols (the characters its RequireSymbols counts). */
const COGNITO_SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-')

describe('generated staff passwords', () => {
  it('satisfy the staff pool policy the template declares', () => {
    const p = fromTemplate(s.resources).staffPool.passwordPolicy as Record<string, number | boolean>
    const satisfies = (password: string) =>
      password.length >= (p.minLength as number) &&
      (!p.requireLowercase || /[a-z]/.test(password)) &&
      (!p.requireUppercase || /[A-Z]/.test(password)) &&
      (!p.requireDigits || /\d/.test(password)) &&
      (!p.requireSymbols || [...password].some((c) => COGNITO_SYMBOLS.has(c))) &&
      [...password].every((c) => /[A-Za-z0-9]/.test(c) || COGNITO_SYMBOLS.has(c))
    expect(satisfies('abcdefghijkL2')).toBe(!p.requireSymbols) // the check itself can fail
    // The default length (Add Member, Reset Password), and any length from the policy's minimum up.
    fc.assert(
      fc.property(fc.option(fc.integer({ min: p.minLength as number, max: 64 }), { nil: undefined }), (length) =>
        satisfies(generatePassword(length)),
      ),
      { numRuns: 2000 },
    )
  })
})

describe("each function's environment on the local stack", () => {
  const ports = { app: 1, dynamodb: 2, cognito: 3, s3: 4, ses: 5, idp: 6 } as Ports
  const runtime = localRuntimeEnvironment(ports)
  // Billing configured, as on AWS where every Stripe function gets the (maybe empty) secret's ARN.
  const environments = functionEnvironments(
    localEnvironmentValues(
      ports,
      { userPoolId: 'pool', clientId: 'client' },
      { emailLinkSecret: 'e', healthToken: 'h', secretsKey: Buffer.alloc(32).toString('base64') },
      {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_WEBHOOK_SECRET: 'whsec_local',
        // The integrations configured too, as on AWS where their functions get the secret's ARN.
        ...Object.fromEntries(Object.values(integrationSettings).flatMap((names) => names.map((n) => [n, 'set']))),
      },
    ),
    runtime,
  )
  /** The local stack has no Secrets Manager: a secret's value stands where AWS has its ARN. */
  const secretOnAws: Record<string, string> = {
    EMAIL_LINK_SECRET: 'EMAIL_LINK_SECRET_ARN',
    OIDC_CLIENT_SECRET: 'OIDC_CLIENT_SECRET_ARN',
    HEALTH_TOKEN: 'HEALTH_TOKEN_SECRET_ARN',
    STRIPE_SECRET_KEY: 'STRIPE_SECRET_ARN',
    STRIPE_WEBHOOK_SECRET: 'STRIPE_SECRET_ARN',
    LOCAL_SECRETS_KEY: 'SECRETS_KEY_ID',
    ...Object.fromEntries(
      Object.values(integrationSettings).flatMap((names) => names.map((n) => [n, 'INTEGRATIONS_SECRET_ARN'])),
    ),
  }
  /** Set on AWS only: the header CloudFront adds (functions/src/http/middleware.ts, originGuard). */
  const awsOnly = new Set(['ORIGIN_VERIFY'])
  /** Literal in the template, but each deploy's own (a context setting), not the definition's. */
  const perDeploy = new Set(['MAIL_FROM'])
  const templateVariables = (key: string) =>
    s.resources[s.logicalId(s.stack.api.functions.get(key)!)]!.Properties!.Environment.Variables as Record<
      string,
      unknown
    >
  /** The local variables the template also sets, by the template's name (the runtime's and the emulators' left out). */
  const asTemplateNames = (env: Record<string, string>) => {
    const named = new Map<string, string | undefined>()
    for (const [name, value] of Object.entries(env)) {
      if (name in runtime) continue
      named.set(secretOnAws[name] ?? name, name in secretOnAws ? undefined : value)
    }
    return named
  }

  it.each(Object.keys(routes))('%s gets the variables of its function in the template', (key) => {
    const template = templateVariables(key)
    const local = asTemplateNames(environments.get(routes[key as keyof typeof routes])!)
    // The origin check's secret is CloudFront's, which the local stack has not (it checks nothing).
    expect([...local.keys()].sort()).toEqual(
      Object.keys(template)
        .filter((name) => !awsOnly.has(name))
        .sort(),
    )
    for (const [name, value] of Object.entries(template)) {
      if (typeof value === 'string' && !perDeploy.has(name) && local.get(name) !== undefined) {
        expect(local.get(name), name).toBe(value)
      }
    }
  })

  it('compares values: a literal the template sets is the one the local function gets', () => {
    const compared = Object.keys(routes).filter((key) => templateVariables(key).NODE_OPTIONS !== undefined)
    expect(compared).toHaveLength(Object.keys(routes).length)
    expect(environments.get(routes['auth/get-user'])!.NODE_OPTIONS).toBe(
      templateVariables('auth/get-user').NODE_OPTIONS,
    )
  })

  it('gives none of the runtime variables a name the template uses', () => {
    const templateNames = new Set(Object.keys(routes).flatMap((key) => Object.keys(templateVariables(key))))
    expect(Object.keys(runtime).filter((name) => templateNames.has(name))).toEqual([])
  })
})
