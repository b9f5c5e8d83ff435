import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { addDays, type TimesheetAnswer } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, thisWeekStart, weekdays } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'
import { openEditMember } from './helpers/members.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'

const { newPage } = useBrowser()

/** Settings → Ministries and funds: adds one code through its form. */
const addCode = async (
  page: Page,
  fields: { name: string; kind: string; budgetHours?: string; costNumber?: string },
) => {
  const section = page.getByRole('region', { name: 'Ministries and funds' })
  await section.getByRole('button', { name: 'Add ministry or fund' }).click()
  const form = section.getByRole('form', { name: 'Add ministry or fund' })
  await form.getByLabel('Name', { exact: true }).fill(fields.name)
  await form.getByLabel('Kind').selectOption({ label: fields.kind })
  if (fields.budgetHours) await form.getByLabel('Budget hours').fill(fields.budgetHours)
  if (fields.costNumber) await form.getByLabel('ADP cost number (optional)').fill(fields.costNumber)
  await form.getByRole('button', { name: 'Add ministry or fund' }).click()
  await form.waitFor({ state: 'detached' })
  await section.getByRole('list', { name: 'Ministries and funds' }).getByText(fields.name).waitFor()
}

/** The weekly dialog's Save Timesheet: the saved week, and the organization's code ids by name. */
const saveWeek = async (member: Page, dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
  await member.getByText('Your timesheet has been saved as a draft').first().waitFor()
  const saved = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
  const { codes } = await api<{ codes: { id: string; name: string }[] }>(
    member,
    'GET',
    '/api/organization/allocation-codes',
  )
  return { saved, ids: Object.fromEntries(codes.map((c) => [c.name, c.id])) }
}

/**
 * A new church with a Youth staff member, whose supervisor keeps two codes: the grant 'Youth (Grant A)'
 * (a fund, with `grant`'s budget hours or ADP cost number) and Administration. Answers the codes' list too.
 */
const churchWithGrant = async (grant: { budgetHours?: string; costNumber?: string }) => {
  const church = await supervisorWithStaff(newPage, { department: 'Youth' })
  await church.supervisor.goto('/settings/ministries')
  await addCode(church.supervisor, { name: 'Youth (Grant A)', kind: 'Fund', ...grant })
  await addCode(church.supervisor, { name: 'Administration', kind: 'Ministry' })
  return { ...church, codes: church.supervisor.getByRole('list', { name: 'Ministries and funds' }) }
}

describe('ministries, funds and grants', () => {
  it('a supervisor adds codes and a default, the member splits days (a split that does not add up is refused), and the report shows the shares and the grant', async () => {
    // The supervisor keeps two codes: a grant with 30 budget hours, and Administration.
    const { supervisor, staffName, credentials, codes } = await churchWithGrant({ budgetHours: '30' })
    expect(await codes.getByText('30 budget hours').isVisible()).toBe(true)

    // The member's default is the grant (Edit Member offers the active codes).
    const edit = await openEditMember(supervisor, staffName)
    await edit.getByLabel('Default ministry or fund').selectOption({ label: 'Youth (Grant A)' })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })

    // The member, on a phone, has Monday to Friday 9:00-17:00 this week (40 paid hours).
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    const weekStartDate = await thisWeekStart(member)
    await api(member, 'POST', '/api/timesheets/save-draft', {
      weekStartDate,
      ...weekdays('09:00', '17:00', 'Youth ministry'),
    })

    // The weekly dialog: Monday, Tuesday and Wednesday each give some hours to Administration.
    await member.reload()
    const card = member.getByRole('region', { name: 'Current Week Timesheet' })
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = member.getByRole('dialog', { name: /^Weekly Timesheet - / })
    const day = (name: string) => dialog.getByRole('region', { name })
    const split = async (name: string, hours: string) => {
      await day(name)
        .getByRole('button', { name: `Split ${name} among ministries and funds` })
        .click()
      const lines = day(name).getByRole('group', { name: `Split of ${name}` })
      await lines.getByLabel(`Ministry or fund 1 of ${name}`, { exact: true }).selectOption({ label: 'Administration' })
      const typed = lines.getByLabel(`Hours for ministry or fund 1 of ${name}`)
      await typed.fill(hours)
      return lines
    }
    const monday = await split('Monday', '4')
    // The rest goes to the default code as the member types.
    await monday.getByText('The rest, 4.0 hours of 8.0 hours, goes to Youth (Grant A).').waitFor()
    await split('Tuesday', '4')
    // Wednesday first gives 9 of its 8 paid hours: the form says so at once, and the save is refused.
    const wednesday = await split('Wednesday', '9')
    await wednesday
      .getByRole('alert')
      .getByText('The split is 1.0 hours more than the 8.0 hours paid on this day.')
      .waitFor()
    await fitsPhone(member)
    await expectAccessible(member, 'the weekly dialog with splits')
    const before = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
    await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
    await member.getByText("Wednesday allocations must add up to the day's paid minutes (480)").first().waitFor()
    const unchanged = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
    expect(unchanged.version).toBe(before.version)
    expect(unchanged.mondayAllocations ?? null).toEqual(before.mondayAllocations ?? null)
    expect(unchanged.wednesdayAllocations ?? null).toEqual(before.wednesdayAllocations ?? null)

    // Fixed to 2 hours, the week saves with its splits; Thursday and Friday go wholly to the default.
    await wednesday.getByLabel('Hours for ministry or fund 1 of Wednesday').fill('2')
    await wednesday.getByText('The rest, 6.0 hours of 8.0 hours, goes to Youth (Grant A).').waitFor()
    const { saved, ids } = await saveWeek(member, dialog)
    expect(saved.mondayAllocations).toEqual([
      { code: ids.Administration, minutes: 240 },
      { code: ids['Youth (Grant A)'], minutes: 240 },
    ])
    expect(saved.wednesdayAllocations).toEqual([
      { code: ids.Administration, minutes: 120 },
      { code: ids['Youth (Grant A)'], minutes: 360 },
    ])
    expect(saved.thursdayAllocations ?? null).toBeNull()

    // Submitted; the supervisor's review dialog shows each day's split read-only, and approves it.
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click()
    await dialog.waitFor({ state: 'detached' })
    await supervisor.goto('/')
    await supervisor
      .locator('tbody tr', { hasText: staffName })
      .getByRole('button', { name: /^Approve / })
      .click()
    const review = supervisor.getByRole('dialog', { name: 'Review Timesheet Submission' })
    const reviewed = (day: string) => review.getByTestId(`day-${day}`)
    await reviewed('monday').getByText('Administration 4.0 hours · Youth (Grant A) 4.0 hours').waitFor()
    await reviewed('wednesday').getByText('Administration 2.0 hours · Youth (Grant A) 6.0 hours').waitFor()
    expect(await reviewed('thursday').getByText('Split:').count()).toBe(0)
    await expectAccessible(supervisor, 'the review dialog with split days')
    await review.getByRole('button', { name: 'Approve', exact: true }).click()
    await supervisor.getByText('Timesheet approved! CSV file is ready for download.').first().waitFor()

    // The report: 30 hours (75 %) on the grant, 10 (25 %) on Administration, and the grant's budget used.
    await supervisor.goto('/reports')
    const report = supervisor.getByRole('region', { name: 'Ministries and funds' })
    const byCode = report.getByRole('region', { name: 'By ministry and fund' })
    const row = (name: string) => byCode.getByRole('row').filter({ hasText: name })
    await row('Youth (Grant A)').waitFor()
    expect(await row('Youth (Grant A)').textContent()).toMatch(/30\.00.*75\.00 %/)
    expect(await row('Administration').textContent()).toMatch(/10\.00.*25\.00 %/)
    const grants = report.getByRole('region', { name: 'Grants' })
    await grants.getByText('30.00 of 30.00 budget hours used (100 %), 0.00 remaining').waitFor()
    await grants.getByText('Over 90 % of its budget hours are used.').waitFor()
    await expectAccessible(supervisor, 'the allocation report')
  })

  it('an exempt member splits the week by percent on a phone; ADP carries the cost number and our CSV the codes', async () => {
    // Two codes, the grant with an ADP cost number; ADP's company code and batch id.
    const { supervisor, staffName, credentials, codes } = await churchWithGrant({ costNumber: 'YTH-100' })
    await codes.getByText('ADP cost number: YTH-100').waitFor()
    await api(supervisor, 'PUT', '/api/payroll/settings', { adpCompanyCode: 'XYZ', adpBatchId: 'B1' })

    // The member is exempt, with the grant as default and a payroll id.
    const edit = await openEditMember(supervisor, staffName)
    await edit.getByLabel('Pay type').selectOption('exempt')
    await edit.getByLabel('Default ministry or fund').selectOption({ label: 'Youth (Grant A)' })
    await edit.getByLabel(/^Payroll id/i).fill('A100')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })

    // On a phone: Monday to Friday 9:00-17:00 this week (40 paid hours), then a quarter to Administration.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    const weekStartDate = await thisWeekStart(member)
    await api(member, 'POST', '/api/timesheets/save-draft', { weekStartDate, ...weekdays('09:00', '17:00') })
    await member.reload()
    await member
      .getByRole('region', { name: 'Current Week Timesheet' })
      .getByRole('button', { name: 'Continue Timesheet' })
      .click()
    const dialog = member.getByRole('dialog', { name: /^Weekly Timesheet - / })
    await dialog.getByRole('button', { name: 'Split the week by percent' }).click()
    const week = dialog.getByRole('group', { name: 'Split of the week by percent' })
    await week.getByLabel('Ministry or fund 1 of the week', { exact: true }).selectOption({ label: 'Administration' })
    await week.getByLabel('Percent for ministry or fund 1 of the week').fill('125')
    await week.getByRole('alert').getByText('Use whole percents from 1 to 100.').waitFor()
    await week.getByLabel('Percent for ministry or fund 1 of the week').fill('25')
    await week.getByText('The rest, 75 %, goes to Youth (Grant A). Adds up to 100 %.').waitFor()
    // No day offers its own split while the week is split by percent.
    expect(await dialog.getByRole('button', { name: /^Split Monday/ }).count()).toBe(0)
    await fitsPhone(member)
    await expectAccessible(member, 'the weekly dialog with the week split by percent')
    const { saved, ids } = await saveWeek(member, dialog)
    expect(saved.weekAllocationPercent).toEqual([
      { code: ids.Administration, percent: 25 },
      { code: ids['Youth (Grant A)'], percent: 75 },
    ])
    // The submit page, on the phone too, shows the saved split and submits it with the week.
    await member.goto('/submit-timesheet')
    const page = member.getByRole('group', { name: 'Split of the week by percent' })
    await page.waitFor()
    expect(await page.getByLabel('Percent for ministry or fund 1 of the week').inputValue()).toBe('25')
    await page.getByText('The rest, 75 %, goes to Youth (Grant A). Adds up to 100 %.').waitFor()
    await fitsPhone(member)
    await expectAccessible(member, 'the submit page with the week split by percent')
    await member.getByRole('button', { name: 'Submit Timesheet' }).click()
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const submitted = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
    expect(submitted.status).toBe('pending')
    expect(submitted.weekAllocationPercent).toEqual(saved.weekAllocationPercent)
    await api(supervisor, 'PATCH', `/api/timesheets/${saved.id}/status`, { status: 'approved', comments: '' })

    // ADP: 10 hours on the member's own line, 30 on the grant's cost number; our CSV: a row per code.
    const range = `from=${weekStartDate}&to=${addDays(weekStartDate, 6)}`
    const file = async (format: string) => {
      const res = await supervisor.request.get(
        new URL(`/api/payroll/export?format=${format}&${range}`, supervisor.url()).href,
      )
      expect(res.status()).toBe(200)
      return (await res.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
    }
    const adp = await file('adp')
    expect(adp[0]).toBe('Co Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Temporary Cost Number')
    expect(adp.slice(1)).toEqual(['XYZ,B1,A100,10.00,0.00,,,', 'XYZ,B1,A100,30.00,0.00,,,YTH-100'])
    const csv = await file('csv')
    expect(csv[0]!.endsWith(',Ministry or Fund')).toBe(true)
    expect(
      csv
        .filter((l) => l.startsWith('Ministry or Fund,'))
        .map((l) => l.split(',').slice(7, 8).concat(l.split(',').slice(-1))),
    ).toEqual([
      ['10.00', 'Administration'],
      ['30.00', 'Youth (Grant A)'],
    ])
  })
})
