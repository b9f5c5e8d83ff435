import type { tableDefinition } from '@app/data'
import type { bucketDefinitions } from '../lib/definition.ts'
import type { CfnResourceJson } from './synth.ts'
import type { PasswordPolicyType } from '@aws-sdk/client-cognito-identity-provider'

/**
 * The behaviour-changing properties of the table, the staff pool, its client and the buckets, in
 * one shape, read either from the synthesized template or from what the local stack creates
 * (local/src/provision.ts). `differences` lists every property where the two disagree.
 */
export interface ParitySnapshot {
  table: {
    keySchema: string
    attributes: string[]
    indexes: string[]
    ttlAttribute: string | undefined
  }
  staffPool: {
    passwordPolicy: Record<string, unknown>
    adminCreateUserOnly: boolean
    mfa: string
  }
  staffClient: {
    authFlows: string[]
    idTokenMinutes: number
    accessTokenMinutes: number
    refreshTokenMinutes: number
  }
  buckets: Record<string, { expirationDays?: number; abortIncompleteMultipartUploadDays?: number }>
}

type KeySchema = { AttributeName: string; KeyType: string }[]
type Index = {
  IndexName: string
  KeySchema: KeySchema
  Projection: { ProjectionType: string; NonKeyAttributes?: string[] }
}
const keys = (k: KeySchema) => k.map((e) => `${e.AttributeName} ${e.KeyType}`).join(', ')
const index = (i: Index) =>
  `${i.IndexName}: ${keys(i.KeySchema)}; ${i.Projection.ProjectionType}${i.Projection.NonKeyAttributes ? ` ${i.Projection.NonKeyAttributes.join(',')}` : ''}`
const policy = (p: PasswordPolicyType = {}) => ({
  minLength: p.MinimumLength,
  requireLowercase: p.RequireLowercase ?? false,
  requireUppercase: p.RequireUppercase ?? false,
  requireDigits: p.RequireNumbers ?? false,
  requireSymbols: p.RequireSymbols ?? false,
  tempPasswordValidityDays: p.TemporaryPasswordValidityDays,
})
const minutesPer: Record<string, number> = { seconds: 1 / 60, minutes: 1, hours: 60, days: 1440 }
/** A token validity in minutes; Cognito's default unit is hours for access/id tokens, days for refresh. */
const minutes = (value: number | undefined, unit: string | undefined, fallbackUnit: string) =>
  value === undefined ? undefined : value * minutesPer[unit ?? fallbackUnit]!

const table = (t: {
  KeySchema: KeySchema
  AttributeDefinitions: { AttributeName: string; AttributeType: string }[]
  GlobalSecondaryIndexes?: Index[]
  ttlAttribute?: string
}): ParitySnapshot['table'] => ({
  keySchema: keys(t.KeySchema),
  attributes: t.AttributeDefinitions.map((a) => `${a.AttributeName}:${a.AttributeType}`).sort(),
  indexes: (t.GlobalSecondaryIndexes ?? []).map(index).sort(),
  ttlAttribute: t.ttlAttribute,
})

/** One resource of a type, whose logical id starts with `prefix` (the stack's construct path). */
const only = (resources: Record<string, CfnResourceJson>, type: string, prefix: string) => {
  const found = Object.entries(resources).filter(([id, r]) => r.Type === type && id.startsWith(prefix))
  if (found.length !== 1) throw new Error(`Expected one ${type} named ${prefix}*, found ${found.length}`)
  return found[0]![1].Properties ?? {}
}

/** The snapshot of the synthesized template. */
export const fromTemplate = (resources: Record<string, CfnResourceJson>): ParitySnapshot => {
  const t = only(resources, 'AWS::DynamoDB::Table', 'DataTable')
  const pool = only(resources, 'AWS::Cognito::UserPool', 'AuthStaffPool')
  const client = only(resources, 'AWS::Cognito::UserPoolClient', 'AuthStaffPoolApiClient')
  const units = (client.TokenValidityUnits ?? {}) as Record<string, string>
  const bucket = (prefix: string) => {
    const rules = (
      (only(resources, 'AWS::S3::Bucket', prefix).LifecycleConfiguration?.Rules ?? []) as {
        ExpirationInDays?: number
        AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number }
        Status: string
      }[]
    ).filter((r) => r.Status === 'Enabled')
    if (rules.length > 1) throw new Error(`${prefix}: more than one lifecycle rule; compare them all`)
    const rule = rules[0]
    return {
      ...(rule?.ExpirationInDays === undefined ? {} : { expirationDays: rule.ExpirationInDays }),
      ...(rule?.AbortIncompleteMultipartUpload
        ? { abortIncompleteMultipartUploadDays: rule.AbortIncompleteMultipartUpload.DaysAfterInitiation }
        : {}),
    }
  }
  return {
    table: table({
      ...(t as Parameters<typeof table>[0]),
      ttlAttribute: t.TimeToLiveSpecification?.Enabled ? t.TimeToLiveSpecification.AttributeName : undefined,
    }),
    staffPool: {
      passwordPolicy: policy(pool.Policies?.PasswordPolicy),
      adminCreateUserOnly: pool.AdminCreateUserConfig?.AllowAdminCreateUserOnly ?? false,
      mfa: pool.MfaConfiguration ?? 'OFF',
    },
    staffClient: {
      authFlows: [...((client.ExplicitAuthFlows ?? []) as string[])].sort(),
      idTokenMinutes: minutes(client.IdTokenValidity, units.IdToken, 'hours')!,
      accessTokenMinutes: minutes(client.AccessTokenValidity, units.AccessToken, 'hours')!,
      refreshTokenMinutes: minutes(client.RefreshTokenValidity, units.RefreshToken, 'days')!,
    },
    buckets: { exports: bucket('FilesExports'), logos: bucket('FilesLogos') },
  }
}

/** What the local stack creates (the inputs of its provisioning calls; see provision.ts). */
export interface LocalProvisioning {
  table: {
    create: {
      KeySchema: KeySchema
      AttributeDefinitions: { AttributeName: string; AttributeType: string }[]
      GlobalSecondaryIndexes: Index[]
    }
    timeToLive: { AttributeName: string; Enabled: boolean }
  }
  staffPool: {
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: boolean }
    MfaConfiguration: string
    Policies: { PasswordPolicy: PasswordPolicyType }
  }
  staffClient: {
    ExplicitAuthFlows: string[]
    IdTokenValidity: number
    AccessTokenValidity: number
    RefreshTokenValidity: number
    TokenValidityUnits: { IdToken: string; AccessToken: string; RefreshToken: string }
  }
  buckets: Record<
    keyof typeof bucketDefinitions,
    { localName: string; expirationDays?: number; abortIncompleteMultipartUploadDays?: number }
  >
}

/** The snapshot of the local stack's provisioning. */
export const fromLocal = (local: LocalProvisioning): ParitySnapshot => ({
  table: table({
    ...local.table.create,
    ttlAttribute: local.table.timeToLive.Enabled ? local.table.timeToLive.AttributeName : undefined,
  }),
  staffPool: {
    passwordPolicy: policy(local.staffPool.Policies.PasswordPolicy),
    adminCreateUserOnly: local.staffPool.AdminCreateUserConfig.AllowAdminCreateUserOnly,
    mfa: local.staffPool.MfaConfiguration,
  },
  staffClient: {
    authFlows: [...local.staffClient.ExplicitAuthFlows].sort(),
    idTokenMinutes: minutes(local.staffClient.IdTokenValidity, local.staffClient.TokenValidityUnits.IdToken, 'hours')!,
    accessTokenMinutes: minutes(
      local.staffClient.AccessTokenValidity,
      local.staffClient.TokenValidityUnits.AccessToken,
      'hours',
    )!,
    refreshTokenMinutes: minutes(
      local.staffClient.RefreshTokenValidity,
      local.staffClient.TokenValidityUnits.RefreshToken,
      'days',
    )!,
  },
  buckets: Object.fromEntries(
    Object.entries(local.buckets).map(([name, b]) => [
      name,
      {
        ...(b.expirationDays === undefined ? {} : { expirationDays: b.expirationDays }),
        ...(b.abortIncompleteMultipartUploadDays === undefined
          ? {}
          : { abortIncompleteMultipartUploadDays: b.abortIncompleteMultipartUploadDays }),
      },
    ]),
  ),
})

const flatten = (value: unknown, path: string, out: Map<string, string>) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out)
  } else {
    out.set(path, JSON.stringify(value))
  }
  return out
}

/** Every property where the template and the local stack disagree, as `path: template X, local Y`. */
export const differences = (template: ParitySnapshot, local: ParitySnapshot): string[] => {
  const a = flatten(template, '', new Map())
  const b = flatten(local, '', new Map())
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((path) => a.get(path) !== b.get(path))
    .sort()
    .map((path) => `${path}: template ${a.get(path) ?? 'absent'}, local ${b.get(path) ?? 'absent'}`)
}

export type TableDefinition = typeof tableDefinition
