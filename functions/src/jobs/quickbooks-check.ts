import { randomUUID } from 'node:crypto'
import { vendorEndpoints, vendorJson } from '@app/adapters'
import { addDays, todayIn } from '@app/core'
import { employerPayTypes } from '../workflows/quickbooks-pay-types.ts'
import { companyUrl, query, timeActivity, type QboClass, type QboEmployee } from '../workflows/quickbooks.ts'

/**
 * `npm run job -- integration-check quickbooks`: the calls a send makes, once, against Intuit's
 * sandbox (QUICKBOOKS_ENVIRONMENT, or QUICKBOOKS_BASE_URL) with a sandbox company's access token
 * (QUICKBOOKS_ACCESS_TOKEN) and its company id (QUICKBOOKS_REALM_ID): the company's employees,
 * classes and pay types (QuickBooks Payroll's; Intuit gives none in sandbox), then one hour's NotBillable TimeActivity for its first active employee (with its first
 * class), updated in full with its Id and SyncToken, and deleted again, so the company is left as it
 * was. Each step is printed; the first refusal stops it, in Intuit's words.
 */
export const quickbooksIntegrationCheck = async (
  env: { accessToken?: string; realmId?: string; environment?: string; baseUrl?: string },
  log: (line: string) => void,
) => {
  const { accessToken, realmId } = env
  if (!accessToken || !realmId)
    throw new Error('Set QUICKBOOKS_ACCESS_TOKEN and QUICKBOOKS_REALM_ID to a QuickBooks Online sandbox company')
  const ctx = {
    vendor: { endpoints: vendorEndpoints('quickbooks', env.environment ?? 'sandbox', env.baseUrl) },
    account: realmId,
  }
  const employees = (await query<QboEmployee>(accessToken, ctx, 'Employee')).filter((e) => e.Active !== false)
  log(`${employees.length} employees`)
  const classes = (await query<QboClass>(accessToken, ctx, 'Class')).filter((c) => c.Active !== false)
  log(`classes: ${classes.map((c) => c.FullyQualifiedName ?? c.Name).join(', ') || 'none'}`)
  const payTypes = await employerPayTypes(accessToken, ctx)
  log(
    payTypes.available
      ? `pay types: ${payTypes.items.map((p) => p.name).join(', ') || 'none'}`
      : `pay types: not available (${payTypes.vendorMessages.join('; ') || 'no answer'})`,
  )
  const employee = employees[0]
  if (!employee) return { company: realmId, timeActivity: 'skipped: no active employee' }
  const post = (body: unknown, operation?: 'delete') =>
    vendorJson<{ TimeActivity: { Id: string; SyncToken: string } }>({
      method: 'POST',
      url: companyUrl(ctx, `timeactivity?${operation ? 'operation=delete&' : ''}requestid=${randomUUID()}`),
      accessToken,
      body,
    })
  const day = addDays(todayIn('UTC'), -1)
  const line = { key: 'integration-check', memberId: 'check', date: day, code: '', kind: 'regular' as const }
  const classRef = classes[0] ? { id: classes[0].Id, name: classes[0].Name } : undefined
  const who = { id: employee.Id, name: employee.DisplayName }
  const made = await post(
    timeActivity({ ...line, minutes: 60, breakMinutes: 0 }, who, classRef, undefined, 'Integration check'),
  )
  log(`time activity ${made.TimeActivity.Id} created`)
  const changed = await post({
    ...timeActivity({ ...line, minutes: 90, breakMinutes: 0 }, who, classRef, undefined, 'Integration check'),
    Id: made.TimeActivity.Id,
    SyncToken: made.TimeActivity.SyncToken,
    sparse: false,
  })
  log(`time activity updated to SyncToken ${changed.TimeActivity.SyncToken}`)
  await post({ Id: changed.TimeActivity.Id, SyncToken: changed.TimeActivity.SyncToken }, 'delete')
  log('time activity deleted')
  return { company: realmId, timeActivity: 'created, updated and deleted' }
}
