import { afterEach, describe, expect, it } from 'vitest'
import { QUICKBOOKS_SCOPES, realEndpoints, vendorSettings } from './integrations.ts'

const QUICKBOOKS_ENV = [
  'QUICKBOOKS_CLIENT_ID',
  'QUICKBOOKS_CLIENT_SECRET',
  'QUICKBOOKS_ENVIRONMENT',
  'QUICKBOOKS_BASE_URL',
]

// The unit files share one worker's environment: put back what was there.
const before = Object.fromEntries(QUICKBOOKS_ENV.map((name) => [name, process.env[name]]))
afterEach(() => {
  for (const name of QUICKBOOKS_ENV)
    if (before[name] === undefined) delete process.env[name]
    else process.env[name] = before[name]
})

describe("QuickBooks Online's addresses and scopes", () => {
  it('takes the Accounting and the Payroll GraphQL addresses from the one environment setting', () => {
    expect(realEndpoints('quickbooks', 'production')).toMatchObject({
      api: 'https://quickbooks.api.intuit.com',
      graphql: 'https://qb.api.intuit.com/graphql',
    })
    expect(realEndpoints('quickbooks', 'sandbox')).toMatchObject({
      api: 'https://sandbox-quickbooks.api.intuit.com',
      graphql: 'https://qb-sandbox.api.intuit.com/graphql',
    })
    expect(realEndpoints('gusto', 'production').graphql).toBeUndefined()
  })

  it('points the GraphQL address at QUICKBOOKS_BASE_URL with the Accounting API, and asks for both scopes', async () => {
    Object.assign(process.env, {
      QUICKBOOKS_CLIENT_ID: 'id',
      QUICKBOOKS_CLIENT_SECRET: 'secret',
      QUICKBOOKS_ENVIRONMENT: 'production',
      QUICKBOOKS_BASE_URL: 'http://127.0.0.1:4555/',
    })
    const { vendor } = await vendorSettings('quickbooks')
    expect(vendor?.endpoints).toEqual({
      authorize: 'http://127.0.0.1:4555/connect/oauth2',
      token: 'http://127.0.0.1:4555/oauth2/v1/tokens/bearer',
      revoke: 'http://127.0.0.1:4555/v2/oauth2/tokens/revoke',
      api: 'http://127.0.0.1:4555',
      graphql: 'http://127.0.0.1:4555/graphql',
    })
    expect(vendor?.scope).toBe('com.intuit.quickbooks.accounting payroll.compensation.read')
    expect(QUICKBOOKS_SCOPES).toContain('payroll.compensation.read')
  })
})
