import { integrationEnvironments, integrationSettings, type IntegrationId } from '@app/core'
import { read } from './config.ts'
import { secrets } from './secrets.ts'

/**
 * Each vendor's OAuth app and addresses. The client id, secret and environment come from
 * `secrets.integrations()` (Secrets Manager on AWS, the environment locally); the addresses derive
 * from the environment, unless `<VENDOR>_BASE_URL` points them all at one other host (tests run the
 * real code against a local double of the vendor this way; nothing sets it on AWS).
 */
export interface VendorEndpoints {
  authorize: string
  token: string
  revoke: string
  api: string
  /** QuickBooks only: the Payroll and Time GraphQL API (its pay types), beside the Accounting API. */
  graphql?: string
}

export interface VendorConfig {
  id: IntegrationId
  clientId: string
  clientSecret: string
  environment: string
  endpoints: VendorEndpoints
  /** The scopes asked for at consent (none: the app's own). */
  scope?: string
  /** How the client authenticates at the token and revoke endpoints (RFC 6749 2.3.1). */
  clientAuth: 'basic' | 'post'
  /** How the revoke endpoint takes the token: Intuit's JSON, or RFC 7009's form. */
  revokeAs: 'json' | 'form'
}

const prefixOf: Record<IntegrationId, string> = {
  quickbooks: 'QUICKBOOKS',
  gusto: 'GUSTO',
  'planning-center': 'PLANNING_CENTER',
}

/** The variables that point a vendor's addresses at another host (a local test double; never set on AWS). */
export const INTEGRATION_BASE_URLS: readonly string[] = Object.values(prefixOf).map((p) => `${p}_BASE_URL`)

const intuitPaths = {
  authorize: '/connect/oauth2',
  token: '/oauth2/v1/tokens/bearer',
  revoke: '/v2/oauth2/tokens/revoke',
  graphql: '/graphql',
}
const oauthPaths: { authorize: string; token: string; revoke: string; graphql?: string } = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  revoke: '/oauth/revoke',
}
const onHost = (base: string, paths: typeof oauthPaths): VendorEndpoints => ({
  authorize: `${base}${paths.authorize}`,
  token: `${base}${paths.token}`,
  revoke: `${base}${paths.revoke}`,
  api: base,
  ...(paths.graphql ? { graphql: `${base}${paths.graphql}` } : {}),
})

/** The vendors' own addresses, by environment, as their developer documentation gives them. */
export const realEndpoints = (id: IntegrationId, environment: string): VendorEndpoints => {
  if (id === 'quickbooks')
    return {
      authorize: 'https://appcenter.intuit.com/connect/oauth2',
      token: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
      revoke: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
      api:
        environment === 'production'
          ? 'https://quickbooks.api.intuit.com'
          : 'https://sandbox-quickbooks.api.intuit.com',
      // The Payroll and Time GraphQL API (pay types). Intuit documents its pay types as not
      // available in sandbox: a sandbox company answers errors there, read as "no pay types".
      graphql:
        environment === 'production'
          ? 'https://qb.api.intuit.com/graphql'
          : 'https://qb-sandbox.api.intuit.com/graphql',
    }
  if (id === 'gusto')
    return onHost(environment === 'production' ? 'https://api.gusto.com' : 'https://api.gusto-demo.com', oauthPaths)
  return onHost('https://api.planningcenteronline.com', oauthPaths)
}

/** The scopes a Gusto connection asks for at consent: what a send and the matching call. */
export const GUSTO_SCOPES = [
  'employees:read',
  'time_off_policies:read',
  'time_sheet:read',
  'time_sheet:write',
  'payroll_syncs:write',
  'payrolls:read',
  'payrolls:write',
] as const

/**
 * The scopes a QuickBooks Online connection asks for: the Accounting API (employees, classes,
 * TimeActivity) and read access to pay types ("compensation"), which QuickBooks answers only for a
 * company with QuickBooks Payroll.
 */
export const QUICKBOOKS_SCOPES = ['com.intuit.quickbooks.accounting', 'payroll.compensation.read'] as const

const shapes: Record<IntegrationId, Pick<VendorConfig, 'scope' | 'clientAuth' | 'revokeAs'>> = {
  quickbooks: { scope: QUICKBOOKS_SCOPES.join(' '), clientAuth: 'basic', revokeAs: 'json' },
  // Gusto's scopes as its API reference names them per call: the roster (employees, time-off
  // policies), the Time Tracking API (time sheets, payroll syncs) and the payroll (pay periods,
  // prepare and update for paid time off).
  gusto: {
    scope: GUSTO_SCOPES.join(' '),
    clientAuth: 'post',
    revokeAs: 'form',
  },
  'planning-center': { scope: 'people', clientAuth: 'post', revokeAs: 'form' },
}

/**
 * A vendor's addresses: its own, by environment, or all of them on `base` with the same paths (a
 * local double: `<VENDOR>_BASE_URL`).
 */
export const vendorEndpoints = (id: IntegrationId, environment: string, base?: string): VendorEndpoints =>
  base
    ? onHost(base.replace(/\/+$/, ''), id === 'quickbooks' ? intuitPaths : oauthPaths)
    : realEndpoints(id, environment)

export type VendorSettings = { missing: string[]; vendor?: undefined } | { missing: []; vendor: VendorConfig }

/**
 * An integration's configuration, or the names of the settings it lacks (an environment that is
 * not one of the vendor's counts as missing). Planning Center has one environment and no setting for it.
 */
export const vendorSettings = async (id: IntegrationId): Promise<VendorSettings> => {
  const values = await secrets.integrations()
  const prefix = prefixOf[id]
  const environments = integrationEnvironments[id]
  const missing = integrationSettings[id].filter((name) => {
    const value = values[name]
    if (!value) return true
    return name.endsWith('_ENVIRONMENT') && !environments.includes(value)
  })
  if (missing.length) return { missing }
  const environment = values[`${prefix}_ENVIRONMENT`] ?? environments[0]!
  return {
    missing: [],
    vendor: {
      id,
      clientId: values[`${prefix}_CLIENT_ID`]!,
      clientSecret: values[`${prefix}_CLIENT_SECRET`]!,
      environment,
      endpoints: vendorEndpoints(id, environment, read(`${prefix}_BASE_URL`)),
      ...shapes[id],
    },
  }
}
