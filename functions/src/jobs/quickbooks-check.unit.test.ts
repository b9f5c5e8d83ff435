import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PAY_TYPES,
  REALM,
  startQuickbooksDouble,
  type QuickbooksDouble,
} from '../../../test/vendors/quickbooks-double.ts'
import { quickbooksIntegrationCheck } from './quickbooks-check.ts'

let qb: QuickbooksDouble
let accessToken: string
const redirect = 'http://127.0.0.1/callback'

beforeAll(async () => {
  qb = await startQuickbooksDouble({
    employees: [{ Id: '55', GivenName: 'Ana', FamilyName: 'Silva' }],
    classes: [{ Id: '3', Name: 'Youth' }],
  })
  // A sandbox company's access token, as Intuit's OAuth 2.0 playground gives one.
  const consent = await qb.consent(
    `${qb.base}/connect/oauth2?client_id=qb-client&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
  )
  const answer = await fetch(`${qb.base}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('qb-client:qb-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: consent.searchParams.get('code')!,
      redirect_uri: redirect,
    }),
  })
  accessToken = ((await answer.json()) as { access_token: string }).access_token
})
afterAll(() => qb.stop())

describe('npm run job -- integration-check quickbooks', () => {
  it('needs a sandbox access token and company', async () => {
    await expect(quickbooksIntegrationCheck({ baseUrl: qb.base }, () => {})).rejects.toThrow(
      /QUICKBOOKS_ACCESS_TOKEN and QUICKBOOKS_REALM_ID/,
    )
  })

  it("creates, updates and deletes one NotBillable TimeActivity, leaving the company as it was, every request by Intuit's entity", async () => {
    const lines: string[] = []
    const out = await quickbooksIntegrationCheck({ accessToken, realmId: REALM, baseUrl: qb.base }, (l) =>
      lines.push(l),
    )
    expect(out).toEqual({ company: REALM, timeActivity: 'created, updated and deleted' })
    expect(lines).toEqual([
      '1 employees',
      'classes: Youth',
      // The double's company has no QuickBooks Payroll, as a sandbox company answers.
      'pay types: not available (This company does not use QuickBooks Payroll)',
      expect.stringMatching(/^time activity \d+ created$/),
      'time activity updated to SyncToken 1',
      'time activity deleted',
    ])
    const bodies = qb.activityRequests.map((r) => JSON.parse(r.body) as Record<string, unknown>)
    expect(bodies[0]).toMatchObject({
      NameOf: 'Employee',
      EmployeeRef: { value: '55' },
      ClassRef: { value: '3' },
      Hours: 1,
      BillableStatus: 'NotBillable',
    })
    expect(bodies[1]).toMatchObject({ sparse: false, SyncToken: '0', Hours: 1, Minutes: 30 })
    expect(qb.activityRequests.every((r) => r.query.get('requestid'))).toBe(true)
    expect(qb.activities.size).toBe(0)
    expect(qb.graphqlRequests).toHaveLength(1)
    expect(qb.contractProblems).toEqual([])
  })

  it("lists a company's pay types when it has QuickBooks Payroll", async () => {
    qb.payTypes.push(PAY_TYPES.regular)
    qb.payroll('payroll')
    const lines: string[] = []
    await quickbooksIntegrationCheck({ accessToken, realmId: REALM, baseUrl: qb.base }, (l) => lines.push(l))
    expect(lines).toContain('pay types: Regular Pay')
    expect(qb.contractProblems).toEqual([])
  })

  it("stops at the first refusal in Intuit's words", async () => {
    await expect(
      quickbooksIntegrationCheck({ accessToken: 'expired', realmId: REALM, baseUrl: qb.base }, () => {}),
    ).rejects.toThrow(/401/)
  })
})
