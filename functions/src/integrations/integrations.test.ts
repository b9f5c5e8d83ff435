import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AuditPage, INTEGRATION_IDS, IntegrationConnect, IntegrationList, IntegrationView } from '@app/core'
import { VendorError, vendorJson } from '@app/adapters'
import { orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { startOAuthDouble, type OAuthDouble } from '../../../test/vendors/oauth-double.ts'
import { authenticationFault } from '../../../test/vendors/quickbooks-double.ts'
import { callRoute, sessionCookieFor } from '../../test/support/test-event.ts'
import { addSupervisorThroughRoute, newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import { withVendorToken } from '../workflows/integration-tokens.ts'
import connectIntegration from './connect-integration.ts'
import disconnectIntegration from './disconnect-integration.ts'
import integrationCallback from './integration-callback.ts'
import listIntegrations from './list-integrations.ts'

/**
 * Settings → Integrations against a local double of Intuit's authorization server: the consent
 * round trip, the single-use state, sealed tokens, refreshing (once at a time), a refused token
 * asking for a reconnect, and Disconnect revoking and deleting.
 */
const QUICKBOOKS = {
  QUICKBOOKS_CLIENT_ID: 'test-client',
  QUICKBOOKS_CLIENT_SECRET: 'test-secret',
  QUICKBOOKS_ENVIRONMENT: 'sandbox',
}
let double: OAuthDouble
let org: Awaited<ReturnType<typeof newOrganization>>

const configure = () => Object.assign(process.env, QUICKBOOKS, { QUICKBOOKS_BASE_URL: double.base })
const unconfigure = () => {
  for (const name of [...Object.keys(QUICKBOOKS), 'QUICKBOOKS_BASE_URL']) delete process.env[name]
}

const list = async (cookie = org.cookie) => {
  const res = await callRoute(listIntegrations, { cookies: [cookie] })
  expect(res.status, res.text).toBe(200)
  return IntegrationList.parse(res.json).integrations
}
const quickbooksOf = async (cookie = org.cookie) => (await list(cookie)).find((i) => i.id === 'quickbooks')!

const startConnect = async (cookie = org.cookie) => {
  const res = await callRoute(connectIntegration, { cookies: [cookie], params: { id: 'quickbooks' } })
  expect(res.status, res.text).toBe(200)
  return IntegrationConnect.parse(res.json).authorizationUrl
}
const callback = (query: Record<string, string>, cookie = org.cookie) =>
  callRoute(integrationCallback, { cookies: [cookie], params: { id: 'quickbooks' }, query })
const backTo = (res: { status: number; headers: Record<string, string | number | boolean> }) => {
  expect(res.status).toBe(302)
  return new URL(String(res.headers.location))
}
/** Connects the organization through consent at the double; the redirect's query. */
const connect = async (cookie = org.cookie) => {
  const consented = await double.consent(await startConnect(cookie))
  return backTo(await callback(Object.fromEntries(consented.searchParams), cookie))
}

beforeAll(async () => {
  double = await startOAuthDouble({
    clientId: QUICKBOOKS.QUICKBOOKS_CLIENT_ID,
    clientSecret: QUICKBOOKS.QUICKBOOKS_CLIENT_SECRET,
    clientAuth: 'basic',
    consentExtras: { realmId: '9130355' },
    api: (req, grant, res) => {
      if (req.path !== '/v3/company/9130355/companyinfo/9130355') return false
      if (!grant) {
        res.writeHead(401, { 'content-type': 'application/json' })
        return void res.end(JSON.stringify(authenticationFault))
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ CompanyInfo: { CompanyName: 'Grace Church' } }))
    },
  })
  org = await newOrganization()
})
afterAll(async () => {
  unconfigure()
  await double.stop()
})
afterEach(() => {
  double.setDeny(false)
  double.setExpiresIn(3600)
})

/** A call of the double's API with the organization's token, through the token store. */
const companyName = () =>
  withVendorToken(orgDb(org.organization.id), 'quickbooks', (token, { vendor, account }) =>
    vendorJson<{ CompanyInfo: { CompanyName: string } }>({
      method: 'GET',
      url: `${vendor.endpoints.api}/v3/company/${account}/companyinfo/${account}`,
      accessToken: token,
    }),
  )
const tokenCalls = () => double.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer')

describe('without the vendor settings', () => {
  it('lists every integration as not configured, naming the missing settings', async () => {
    unconfigure()
    const integrations = await list()
    expect(integrations.map((i) => i.id)).toEqual(INTEGRATION_IDS)
    expect(integrations.find((i) => i.id === 'quickbooks')).toEqual({
      id: 'quickbooks',
      configured: false,
      connected: false,
      lastSentAt: null,
      missingSettings: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET', 'QUICKBOOKS_ENVIRONMENT'],
      reconnectNeeded: false,
      connectedAt: null,
      account: null,
    })
    expect(integrations.find((i) => i.id === 'planning-center')!.missingSettings).toEqual([
      'PLANNING_CENTER_CLIENT_ID',
      'PLANNING_CENTER_CLIENT_SECRET',
    ])
  })

  it('answers connect with 503 naming them, as billing does without Stripe keys', async () => {
    unconfigure()
    process.env.QUICKBOOKS_CLIENT_ID = 'only-the-id'
    process.env.QUICKBOOKS_ENVIRONMENT = 'staging' // not one of Intuit's
    const res = await callRoute(connectIntegration, { cookies: [org.cookie], params: { id: 'quickbooks' } })
    expect(res.status).toBe(503)
    expect(res.json).toEqual({
      message: 'QuickBooks Online is not configured: set QUICKBOOKS_CLIENT_SECRET, QUICKBOOKS_ENVIRONMENT',
      key: 'integrationNotConfigured',
      params: { vendor: 'QuickBooks Online', settings: 'QUICKBOOKS_CLIENT_SECRET, QUICKBOOKS_ENVIRONMENT' },
    })
    unconfigure()
  })
})

describe('connecting', () => {
  beforeAll(configure)

  it('answers the consent address with the app, scope, redirect URI and a fresh state', async () => {
    const url = new URL(await startConnect())
    expect(`${url.origin}${url.pathname}`).toBe(`${double.base}/connect/oauth2`)
    expect(url.searchParams.get('client_id')).toBe('test-client')
    // The Accounting API and read access to QuickBooks Payroll's pay types, space-separated.
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting payroll.compensation.read')
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('redirect_uri')).toBe(`${process.env.APP_ORIGIN}/api/integrations/quickbooks/callback`)
    const state = url.searchParams.get('state')!
    expect(state.length).toBeGreaterThanOrEqual(40)
    expect(new URL(await startConnect()).searchParams.get('state')).not.toBe(state)
  })

  it('stores the tokens sealed, shows the connection, and records it in the audit trail', async () => {
    const back = await connect()
    expect(back.pathname).toBe('/settings/integrations')
    expect(Object.fromEntries(back.searchParams)).toEqual({ integration: 'quickbooks', connected: '1' })
    const view = await quickbooksOf()
    expect(view).toMatchObject({ configured: true, connected: true, reconnectNeeded: false, account: '9130355' })
    expect(view.connectedAt).not.toBeNull()

    const raw = await table.get(keys.integration(org.organization.id, 'quickbooks'))
    const grant = double.grants.at(-1)!
    expect(String(raw?.sealedTokens)).toMatch(/^sealed:local:/)
    expect(JSON.stringify(raw)).not.toContain(grant.accessToken)
    expect(JSON.stringify(raw)).not.toContain(grant.refreshToken)

    const audit = await callRoute(listAudit, { cookies: [org.cookie] })
    const entries = AuditPage.parse(audit.json).items
    expect(entries.find((e) => e.action === 'integration.connected')).toMatchObject({
      changes: [{ field: 'integration', before: null, after: 'QuickBooks Online' }],
    })
  })

  it('refuses a state used twice, another organization’s or another supervisor’s, and a made-up one', async () => {
    const consented = await double.consent(await startConnect())
    const query = Object.fromEntries(consented.searchParams)
    expect(backTo(await callback(query)).searchParams.get('connected')).toBe('1')
    expect(backTo(await callback(query)).searchParams.get('error')).toBe('expired')

    const other = await newOrganization('Hope Chapel')
    const stolen = Object.fromEntries((await double.consent(await startConnect())).searchParams)
    expect(backTo(await callback(stolen, other.cookie)).searchParams.get('error')).toBe('expired')
    expect((await quickbooksOf(other.cookie)).connected).toBe(false)

    const added = await addSupervisorThroughRoute(org.cookie, 'Noa', 'Berg')
    expect(added.status, added.text).toBe(200)
    const colleague = await sessionCookieFor({ orgId: org.organization.id, userId: (added.json as { id: string }).id })
    const mine = Object.fromEntries((await double.consent(await startConnect())).searchParams)
    expect(backTo(await callback(mine, colleague)).searchParams.get('error')).toBe('expired')

    expect(backTo(await callback({ code: 'x', state: 'made-up' })).searchParams.get('error')).toBe('expired')
  })

  it('says so when the supervisor declines at the vendor, and changes nothing', async () => {
    const before = await table.get(keys.integration(org.organization.id, 'quickbooks'))
    double.setDeny(true)
    const back = await connect()
    expect(back.searchParams.get('error')).toBe('denied')
    expect(await table.get(keys.integration(org.organization.id, 'quickbooks'))).toEqual(before)
  })

  it('is for supervisors of the organization only, and 400 for an unknown integration', async () => {
    const staff = await newStaffMember(org.cookie)
    expect((await callRoute(listIntegrations, { cookies: [staff.cookie] })).status).toBe(403)
    expect(
      (await callRoute(connectIntegration, { cookies: [staff.cookie], params: { id: 'quickbooks' } })).status,
    ).toBe(403)
    expect(
      (await callRoute(disconnectIntegration, { cookies: [staff.cookie], params: { id: 'quickbooks' } })).status,
    ).toBe(403)
    const unknown = await callRoute(connectIntegration, { cookies: [org.cookie], params: { id: 'xero' } })
    expect(unknown.status).toBe(400)
    expect(unknown.json).toMatchObject({ message: 'Unknown integration', key: 'unknownIntegration' })
  })
})

describe('the token store', () => {
  beforeAll(configure)

  it('refreshes a token about to expire, once however many requests ask at the same moment', async () => {
    double.setExpiresIn(60) // within the five minutes ahead a refresh is made
    await connect()
    // The refreshed token lives an hour: a request that starts after the refresh has landed uses it.
    double.setExpiresIn(3600)
    const before = tokenCalls().length
    const names = await Promise.all([companyName(), companyName(), companyName()])
    expect(names.map((n) => n.CompanyInfo.CompanyName)).toEqual(['Grace Church', 'Grace Church', 'Grace Church'])
    expect(
      tokenCalls()
        .slice(before)
        .map((r) => new URLSearchParams(r.body).get('grant_type')),
    ).toEqual(['refresh_token'])
  })

  it('refreshes once on a 401 and tries again', async () => {
    await connect()
    double.expireAccessTokens()
    const before = tokenCalls().length
    expect((await companyName()).CompanyInfo.CompanyName).toBe('Grace Church')
    expect(tokenCalls().length).toBe(before + 1)
  })

  it('asks for a reconnect when the vendor refuses the refresh too, keeping what is stored', async () => {
    await connect()
    double.revokeAll()
    const error = await companyName().catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 409,
      message: 'The connection was refused by the vendor; connect again (nothing was lost)',
    })
    const view = await quickbooksOf()
    expect(view).toMatchObject({ connected: true, reconnectNeeded: true })
    // Connecting again clears it.
    await connect()
    expect(await quickbooksOf()).toMatchObject({ connected: true, reconnectNeeded: false })
    expect((await companyName()).CompanyInfo.CompanyName).toBe('Grace Church')
  })

  it('passes on a vendor error in the vendor’s words', async () => {
    const error = await withVendorToken(orgDb(org.organization.id), 'quickbooks', (token, { vendor }) =>
      vendorJson({ method: 'GET', url: `${vendor.endpoints.api}/nowhere`, accessToken: token }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VendorError)
    expect((error as VendorError).status).toBe(404)
  })
})

describe('disconnecting', () => {
  beforeAll(configure)

  it('revokes the grant at the vendor, deletes the tokens and records it', async () => {
    await connect()
    const refreshToken = double.grants.at(-1)!.refreshToken
    const res = await callRoute(disconnectIntegration, { cookies: [org.cookie], params: { id: 'quickbooks' } })
    expect(res.status, res.text).toBe(200)
    expect(IntegrationView.parse(res.json)).toMatchObject({ connected: false, reconnectNeeded: false, account: null })
    const revoke = double.requests.filter((r) => r.path === '/v2/oauth2/tokens/revoke').at(-1)!
    expect(JSON.parse(revoke.body)).toEqual({ token: refreshToken })
    expect(double.grants.at(-1)!.revoked).toBe(true)
    const raw = await table.get(keys.integration(org.organization.id, 'quickbooks'))
    expect(raw?.sealedTokens).toBeUndefined()
    const error = await companyName().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, message: 'This integration is not connected' })
    const entries = AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json).items
    expect(entries.find((e) => e.action === 'integration.disconnected')).toBeDefined()
  })

  it('leaves everything as it was when the vendor cannot be reached', async () => {
    await connect()
    process.env.QUICKBOOKS_BASE_URL = 'http://127.0.0.1:9' // nothing listens there
    const res = await callRoute(disconnectIntegration, { cookies: [org.cookie], params: { id: 'quickbooks' } })
    configure()
    expect(res.status).toBe(503)
    expect((await quickbooksOf()).connected).toBe(true)
  })
})
