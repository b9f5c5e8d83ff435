import { gustoApi, timeSheetBody, type Fetch } from '@app/adapters'
import { addDays, todayIn, type GustoShift } from '@app/core'

/**
 * `npm run job -- integration-check gusto`: the calls a send makes, once, against Gusto's demo
 * environment (GUSTO_ENVIRONMENT, or GUSTO_BASE_URL) with a company's access token
 * (GUSTO_ACCESS_TOKEN): the company of the token, its employees, time-off policies and pay
 * periods, then one hour's time sheet for its first employee with a job, updated and deleted
 * again, so the company is left as it was. Each step is printed; the first refusal stops it.
 */
export const gustoIntegrationCheck = async (
  env: { accessToken?: string; baseUrl?: string; fetch?: Fetch },
  log: (line: string) => void,
) => {
  if (!env.accessToken) throw new Error('Set GUSTO_ACCESS_TOKEN to an access token of a Gusto demo company')
  const api = gustoApi({ accessToken: env.accessToken, baseUrl: env.baseUrl, fetch: env.fetch })
  const company = (await api.tokenInfo()).resource.uuid
  log(`company ${company}`)
  const employees = await api.employees(company)
  log(`${employees.length} employees`)
  const policies = await api.timeOffPolicies(company)
  log(`time-off policies: ${policies.map((p) => p.name).join(', ') || 'none'}`)
  const today = todayIn('UTC')
  const periods = await api.payPeriods(company, addDays(today, -31), today)
  log(`${periods.length} pay periods in the last 31 days`)
  const employee = employees.find((e) => !e.terminated && e.jobs?.length)
  if (!employee) return { company, timeSheet: 'skipped: no employee with a job' }
  const day = addDays(today, -1)
  const shift: GustoShift = {
    key: `integration-check#${day}#0`,
    employeeId: 'integration-check',
    employeeUuid: employee.uuid,
    jobUuid: employee.jobs![0]!.uuid,
    date: day,
    startedAt: `${day}T15:00:00.000Z`,
    endedAt: `${day}T16:00:00.000Z`,
    entries: [{ payClassification: 'Regular', minutes: 60 }],
  }
  const made = await api.createTimeSheet(company, timeSheetBody(shift, 'UTC'))
  log(`time sheet ${made.uuid} created`)
  const changed = { ...shift, endedAt: `${day}T16:30:00.000Z`, entries: [{ ...shift.entries[0]!, minutes: 90 }] }
  const updated = await api.updateTimeSheet(made.uuid, { ...timeSheetBody(changed, 'UTC'), version: made.version })
  log(`time sheet updated to version ${updated.version}`)
  await api.deleteTimeSheet(made.uuid)
  log('time sheet deleted')
  return { company, timeSheet: 'created, updated and deleted' }
}
