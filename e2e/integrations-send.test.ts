import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addDays, currentWeekStart, formatDate, type ListedTimesheet, type OrganizationSettings } from '@app/core'
import { retryEmailsJob } from '@app/functions'
import { E2E_GUSTO, E2E_QUICKBOOKS } from '../test/vendors/e2e-vendors.ts'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()

/**
 * A new church at 375 px: its supervisor (a paid member too), a staff member with a biweekly
 * period of the two whole weeks before this one (45 hours in the first week, 5 of them overtime,
 * and 8 in the second), approved and closed.
 */
const closedPeriod = async () => {
  const supervisor = await newPage(PHONE)
  const pastor = uniquePerson('pastor')
  await signInAsSupervisor(supervisor, pastor)
  const org = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
  const week1 = addDays(currentWeekStart(org.timeZone, org.weekStartDay), -14)
  const week2 = addDays(week1, 7)
  await api(supervisor, 'PUT', '/api/payroll/settings', { payPeriodFrequency: 'biweekly', payPeriodAnchor: week1 })
  const person = uniquePerson('nora')
  const staff = await newPage(PHONE)
  await signInAsStaff(staff, await addMember(supervisor, { ...person, department: 'Office' }))
  const long = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((d) => [
      [`${d}Start`, '08:00'],
      [`${d}End`, '17:00'],
    ]),
  )
  for (const [week, days] of [
    [week1, long],
    [week2, { mondayStart: '09:00', mondayEnd: '17:00' }],
  ] as const) {
    const sheet = await api<ListedTimesheet>(staff, 'POST', '/api/timesheets', { weekStartDate: week, ...days })
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, { status: 'approved' })
  }
  await api(supervisor, 'POST', `/api/payroll/periods/${week1}/close`, {})
  return {
    supervisor,
    pastorName: `${pastor.firstName} ${pastor.lastName}`,
    name: `${person.firstName} ${person.lastName}`,
    periodName: `${formatDate(week1)} - ${formatDate(addDays(week2, 6))}`,
  }
}

/**
 * Settings → Integrations: Connect goes to the vendor's consent page (the double consents at once)
 * and comes back connected; neither the pastor nor the staff member is matched (no employee of the
 * vendor has their email or name), and the pickers match them.
 */
const connectAndMatch = async (
  page: Page,
  vendor: { id: string; name: string },
  picks: { member: string; employee: string }[],
  /** More picks made before Save (QuickBooks' pay types). */
  more: (form: ReturnType<Page['getByRole']>) => Promise<void> = async () => {},
) => {
  await page.goto('/settings/integrations')
  await page.getByRole('button', { name: `Connect ${vendor.name}` }).click()
  await page.getByText(`${vendor.name} is connected.`).waitFor()
  expect(new URL(page.url()).pathname).toBe('/settings/integrations')
  expect(await page.getByTestId(`integration-status-${vendor.id}`).textContent()).toBe('Connected')

  await page.getByRole('button', { name: `Match people for ${vendor.name}` }).click()
  const form = page.getByRole('form', { name: `Matching with ${vendor.name}` })
  const unmatched = form.getByTestId(`matching-${vendor.id}-unmatched`)
  await unmatched.waitFor()
  expect((await unmatched.getByRole('listitem').allTextContents()).sort()).toEqual(picks.map((p) => p.member).sort())
  await fitsPhone(page)
  await expectAccessible(page, `Settings → Integrations with the ${vendor.name} matching`)
  for (const { member, employee } of picks)
    await form.getByLabel(`${vendor.name} employee for ${member}`).selectOption({ label: employee })
  await more(form)
  await form.getByRole('button', { name: `Save matching for ${vendor.name}` }).click()
  await toast(page, 'Matching saved').waitFor()
  await form.getByText('Every member is matched.').waitFor()
  expect(
    await form.getByLabel(`${vendor.name} employee for ${picks[0]!.member}`).locator('xpath=..').textContent(),
  ).toContain('Chosen by a supervisor')
  return form
}

/** The Payroll page: the closed period's panel for the vendor previews exactly what is sent. */
const preview = async (page: Page, vendorName: string, periodName: string, member: string) => {
  await page.goto('/payroll')
  const period = page.getByRole('region', { name: periodName, exact: true })
  await period.getByRole('button', { name: `Preview for ${vendorName}` }).click()
  const table = period.getByRole('region', { name: `What Send to ${vendorName} sends for ${periodName}` })
  const row = table.getByRole('row').filter({ hasText: member })
  await row.waitFor()
  const cell = (label: string) => row.getByRole('cell').filter({ hasText: label })
  expect(await cell('Regular hours').textContent()).toBe('Regular hours48.00')
  expect(await cell('Overtime hours').textContent()).toBe('Overtime hours5.00')
  expect(await period.getByText('Not sent:').count()).toBe(0)
  await fitsPhone(page)
  await expectAccessible(page, `the Payroll page with the ${vendorName} preview`)
  return period
}

/**
 * Send: queued, then sent by the send job (run by the retry job: every few minutes on AWS and on
 * npm start; run here at once), which the panel reads again until it ends.
 */
const send = async (page: Page, period: ReturnType<Page['getByRole']>, vendorName: string) => {
  await period.getByRole('button', { name: `Send to ${vendorName}` }).click()
  const status = period.getByRole('status', { name: `Last send to ${vendorName}` })
  await status.getByText(`Queued for ${vendorName}`).waitFor()
  expect(await period.getByRole('button', { name: `Sending to ${vendorName}` }).isDisabled()).toBe(true)
  expect((await retryEmailsJob()).sendsDue).toBeGreaterThanOrEqual(1)
  await status.getByText(new RegExp(`^Sent to ${vendorName}`)).waitFor({ timeout: 60_000 })
  expect(await status.textContent()).not.toContain('Changed since sent')
  await fitsPhone(page)
  await expectAccessible(page, `the Payroll page after a send to ${vendorName}`)
  return (await status.textContent())!
}

const countIn = async (period: ReturnType<Page['getByRole']>, what: RegExp) =>
  Number(/^(\d+)/.exec((await period.getByText(what).textContent())!)![1])

describe('sending a closed pay period to payroll and accounting, at 375 px', () => {
  it('QuickBooks Online: connect through the authorization server, match (a pay type too), preview, send, and the status', async () => {
    const { supervisor, pastorName, name, periodName } = await closedPeriod()
    const [dana, eli] = E2E_QUICKBOOKS.employees
    const regularPay = 'QuickBooks pay type for Regular hours'
    const form = await connectAndMatch(
      supervisor,
      { id: 'quickbooks', name: 'QuickBooks Online' },
      [
        { member: name, employee: `${dana!.GivenName} ${dana!.FamilyName} · ${dana!.email}` },
        { member: pastorName, employee: `${eli!.GivenName} ${eli!.FamilyName}` },
      ],
      // Regular hours are paid as the company's "Regular Pay" (QuickBooks Payroll's pay types).
      async (f) => {
        await f.getByLabel(regularPay).selectOption({ label: E2E_QUICKBOOKS.payTypes[0]!.name })
      },
    )
    expect(await form.getByLabel(regularPay).inputValue()).toBe(E2E_QUICKBOOKS.payTypes[0]!.id)
    expect(await form.getByLabel(regularPay).locator('xpath=..').textContent()).toContain('Chosen by a supervisor')
    const period = await preview(supervisor, 'QuickBooks Online', periodName, name)
    // A record per day and kind of pay: six days of regular hours and the overtime, at least.
    const records = await countIn(period, / time activities \(one per member/)
    expect(records).toBeGreaterThanOrEqual(7)
    const status = await send(supervisor, period, 'QuickBooks Online')
    expect(status).toContain(`Time activities: ${records} created, 0 updated, 0 deleted, 0 unchanged.`)
  })

  it('Gusto: connect through the authorization server, match, preview, send, and the status', async () => {
    const { supervisor, pastorName, name, periodName } = await closedPeriod()
    const [rosa, sam] = E2E_GUSTO.employees
    const form = await connectAndMatch(supervisor, { id: 'gusto', name: 'Gusto' }, [
      { member: name, employee: `${rosa!.first_name} ${rosa!.last_name} · ${rosa!.email}` },
      { member: pastorName, employee: `${sam!.first_name} ${sam!.last_name}` },
    ])
    // Our vacation and sick leave found Gusto's policies of those types.
    expect(await form.getByLabel('Gusto policy for Vacation').inputValue()).not.toBe('')
    expect(await form.getByLabel('Gusto policy for Sick').inputValue()).not.toBe('')
    const period = await preview(supervisor, 'Gusto', periodName, name)
    // A time sheet per member and shift: six shifts.
    const sheets = await countIn(period, / time sheets \(one per member and shift\)/)
    expect(sheets).toBe(6)
    const status = await send(supervisor, period, 'Gusto')
    expect(status).toContain(`Time sheets: ${sheets} created, 0 updated, 0 deleted, 0 unchanged.`)
    expect(status).toContain('Payroll sync requested.')
  })
})
