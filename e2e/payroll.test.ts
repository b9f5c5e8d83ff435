import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  daysOfWeekStarting,
  dayLabel,
  formatDate,
  type ListedTimesheet,
  type OrganizationSettings,
} from '@app/core'
import { useBrowser } from './browser.ts'
import { call } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'
import { PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()

describe('payroll journey', () => {
  it('biweekly periods, a week with breaks and overtime, approval, the Payroll page, close, reopen and exports', async () => {
    // The supervisor signs in and adds a non-exempt staff member (the default pay type).
    const { supervisor, staff, staffName, credentials } = await supervisorWithStaff(newPage, { department: 'Nursery' })

    // The two whole weeks before this one make one biweekly period.
    const { body: org } = await call<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
    const thisWeek = currentWeekStart(org.timeZone, org.weekStartDay)
    const week1 = addDays(thisWeek, -14)
    const week2 = addDays(thisWeek, -7)
    const periodName = `${formatDate(week1)} - ${formatDate(addDays(week2, 6))}`

    // Settings → Payroll: every two weeks, starting with the first of those weeks.
    await supervisor.goto('/settings/payroll')
    const form = supervisor.getByRole('form', { name: 'Payroll settings' })
    await form.getByLabel('Pay period', { exact: true }).selectOption('biweekly')
    await form.getByLabel('First day of a pay period').fill(week1)
    await expectAccessible(supervisor, 'Settings → Payroll')
    const put = supervisor.waitForResponse(
      (r) => r.url().endsWith('/api/payroll/settings') && r.request().method() === 'PUT',
    )
    await form.getByRole('button', { name: 'Save Payroll Settings' }).click()
    const answer = await put
    expect(`${answer.status()} ${answer.request().postData()}`).toBe(
      `200 ${JSON.stringify({ payPeriodAnchor: week1 })}`,
    )
    await toast(supervisor, 'Payroll settings have been updated.').waitFor()
    const { body: saved } = await call<{ payPeriodFrequency: string; payPeriodAnchor: string }>(
      supervisor,
      'GET',
      '/api/payroll/settings',
    )
    expect([saved.payPeriodFrequency, saved.payPeriodAnchor]).toEqual(['biweekly', week1])

    // The staff member, on a phone, enters the first week on the submit page: five 9-hour days,
    // a 30-minute break on two of them. 45 hours worked, 44 paid.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    await member.goto('/submit-timesheet')
    await member.getByLabel('Week Starting').selectOption(week1)
    const days = daysOfWeekStarting(week1)
    for (const [i, day] of days.slice(0, 5).entries()) {
      const card = member.getByRole('region', { name: dayLabel[day], exact: true })
      await card.getByLabel('Start Time', { exact: true }).fill('09:00')
      await card.getByLabel('End Time', { exact: true }).fill('18:00')
      if (i < 2) await card.getByLabel('Unpaid break (minutes)').fill('30')
    }
    expect(await member.getByTestId('week-total').textContent()).toBe('44.0 hours')
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await member.getByRole('button', { name: 'Submit Timesheet' }).click()
    await toast(member, 'Timesheet Submitted').waitFor()

    // The second week (38 hours, no breaks) goes in through the API.
    const second = await call<ListedTimesheet>(member, 'POST', '/api/timesheets', {
      weekStartDate: week2,
      ...Object.fromEntries(
        days.slice(0, 4).flatMap((d) => [
          [`${d}Start`, '09:00'],
          [`${d}End`, '18:30'],
        ]),
      ),
    })
    expect(second.status).toBe(200)
    expect(second.body.payroll).toMatchObject({ paidHours: 38, regularHours: 38, overtimeHours: 0 })

    // The supervisor reviews the first week: the spec's total beside regular, overtime and breaks.
    await supervisor.goto('/')
    await supervisor
      .getByRole('button', { name: `Approve ${staffName}'s timesheet for the week of ${formatDate(week1)}` })
      .first()
      .click()
    const dialog = supervisor.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await dialog.getByText('Total:').waitFor()
    expect(await dialog.getByText('Total:').textContent()).toBe('Total: 44.0 hours')
    expect(await dialog.getByText('Regular hours:').locator('xpath=..').textContent()).toBe('Regular hours:40.0')
    expect(await dialog.getByText('Overtime hours:').locator('xpath=..').textContent()).toBe('Overtime hours:4.0')
    expect(await dialog.getByText('Breaks:').locator('xpath=..').textContent()).toBe('Breaks:60 min')
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
    await toast(supervisor, 'Timesheet approved! CSV file is ready for download.').waitFor()
    const approved = await call(supervisor, 'PATCH', `/api/timesheets/${second.body.id}/status`, {
      status: 'approved',
      comments: '',
    })
    expect(approved.status).toBe(200)

    // The Payroll page, from the header: 78 regular (40 + 38) and 4 overtime, breaks deducted.
    await supervisor.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Payroll' }).click()
    await supervisor.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor()
    const period = supervisor.getByRole('region', { name: periodName })
    const figure = (label: string) => period.getByText(label, { exact: true }).locator('xpath=following-sibling::dd')
    await figure('Approved hours').waitFor()
    expect(await figure('Approved hours').textContent()).toBe('82.00')
    expect(await figure('Regular hours').textContent()).toBe('78.00')
    expect(await figure('Overtime hours').textContent()).toBe('4.00')
    expect(await figure('Breaks').textContent()).toBe('60 min')
    expect(await period.getByText('Pending approval (0)').isVisible()).toBe(true)
    await expectAccessible(supervisor, 'the Payroll page')

    // Our CSV downloads; Gusto needs payroll ids, and says who lacks one.
    const download = supervisor.waitForEvent('download')
    await period.getByRole('link', { name: 'CSV', exact: true }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`payroll-csv-${week1}-${addDays(week2, 6)}.csv`)
    const csv = await readFile(await file.path(), 'utf8')
    expect(csv).toContain(`${staff.firstName},${staff.lastName},non-exempt`)
    await period.getByRole('link', { name: 'Gusto' }).click()
    const refusal = period.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain(`Gusto: These members have no payroll id: ${staffName}`)

    // Closing the period, once confirmed, locks its weeks.
    await period.getByRole('button', { name: 'Close period' }).click()
    const confirm = supervisor.getByRole('dialog', { name: 'Close pay period' })
    await confirm.getByText(/locks every timesheet of its weeks/).waitFor()
    await confirm.getByRole('button', { name: 'Close period' }).click()
    await toast(supervisor, `${periodName} is closed; its timesheets are locked.`).waitFor()
    await period.getByText('Closed', { exact: true }).waitFor()
    const edit = await call<{ message: string }>(member, 'POST', '/api/timesheets/save-draft', {
      weekStartDate: week2,
      status: 'draft',
    })
    expect(edit.status).toBe(409)

    // Reopening needs a reason.
    await period.getByRole('button', { name: 'Reopen' }).click()
    const reopen = supervisor.getByRole('dialog', { name: 'Reopen pay period' })
    await reopen.getByRole('button', { name: 'Reopen' }).click()
    await reopen.getByText('A reason is required').waitFor()
    await reopen.getByLabel('Reason').fill('Missing hospital visit on Friday')
    await reopen.getByRole('button', { name: 'Reopen' }).click()
    await toast(supervisor, `${periodName} is open again; its timesheets can change.`).waitFor()
    await period.getByText('Reopened: Missing hospital visit on Friday').waitFor()
    expect(await period.getByRole('button', { name: 'Close period' }).isVisible()).toBe(true)
  }, 240_000) // the whole issue's journey, two people, two weeks: longer than one screen's test
})
