import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { currentWeekStart, type OrganizationSettings, type TimesheetAnswer } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const

/** Settings → Ministries and funds: adds one code through its form. */
const addCode = async (page: Page, fields: { name: string; kind: string; budgetHours?: string }) => {
  const section = page.getByRole('region', { name: 'Ministries and funds' })
  await section.getByRole('button', { name: 'Add ministry or fund' }).click()
  const form = section.getByRole('form', { name: 'Add ministry or fund' })
  await form.getByLabel('Name', { exact: true }).fill(fields.name)
  await form.getByLabel('Kind').selectOption({ label: fields.kind })
  if (fields.budgetHours) await form.getByLabel('Budget hours').fill(fields.budgetHours)
  await form.getByRole('button', { name: 'Add ministry or fund' }).click()
  await form.waitFor({ state: 'detached' })
  await section.getByRole('list', { name: 'Ministries and funds' }).getByText(fields.name).waitFor()
}

describe('ministries, funds and grants', () => {
  it('a supervisor adds codes and a default, the member splits days (a split that does not add up is refused), and the report shows the shares and the grant', async () => {
    const { supervisor, staffName, credentials } = await supervisorWithStaff(newPage, { department: 'Youth' })

    // The supervisor keeps two codes: a grant with 30 budget hours, and Administration.
    await supervisor.goto('/settings')
    await addCode(supervisor, { name: 'Youth (Grant A)', kind: 'Fund', budgetHours: '30' })
    await addCode(supervisor, { name: 'Administration', kind: 'Ministry' })
    const codes = supervisor.getByRole('list', { name: 'Ministries and funds' })
    expect(await codes.getByText('30 budget hours').isVisible()).toBe(true)

    // The member's default is the grant (Edit Member offers the active codes).
    await supervisor.goto('/employees')
    await supervisor
      .getByRole('table', { name: 'Members' })
      .getByRole('button', { name: `Edit ${staffName}` })
      .click()
    const edit = supervisor.getByRole('dialog', { name: 'Edit Member' })
    await edit.getByLabel('Default ministry or fund').selectOption({ label: 'Youth (Grant A)' })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })

    // The member, on a phone, has Monday to Friday 9:00-17:00 this week (40 paid hours).
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    const settings = await api<OrganizationSettings>(member, 'GET', '/api/organization/settings')
    const weekStartDate = currentWeekStart(settings.timeZone, settings.weekStartDay)
    await api(member, 'POST', '/api/timesheets/save-draft', {
      weekStartDate,
      ...Object.fromEntries(
        WEEKDAYS.flatMap((d) => [
          [`${d}Start`, '09:00'],
          [`${d}End`, '17:00'],
          [`${d}Activity`, 'Youth ministry'],
        ]),
      ),
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
    await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
    await member.getByText('Your timesheet has been saved as a draft').first().waitFor()
    const saved = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
    const ids = Object.fromEntries(
      (
        await api<{ codes: { id: string; name: string }[] }>(member, 'GET', '/api/organization/allocation-codes')
      ).codes.map((c) => [c.name, c.id]),
    )
    expect(saved.mondayAllocations).toEqual([
      { code: ids.Administration, minutes: 240 },
      { code: ids['Youth (Grant A)'], minutes: 240 },
    ])
    expect(saved.wednesdayAllocations).toEqual([
      { code: ids.Administration, minutes: 120 },
      { code: ids['Youth (Grant A)'], minutes: 360 },
    ])
    expect(saved.thursdayAllocations ?? null).toBeNull()

    // Submitted, then approved by the supervisor.
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click()
    await dialog.waitFor({ state: 'detached' })
    await api(supervisor, 'PATCH', `/api/timesheets/${saved.id}/status`, { status: 'approved', comments: '' })

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
})
