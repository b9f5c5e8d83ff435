import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { formatDate } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('audit trail', () => {
  it("the staff member sees their timesheet's history on a phone; the supervisor reads, filters and exports the Activity", async () => {
    const { supervisor, supervisorPerson, staffName, credentials } = await supervisorWithStaff(newPage, {
      department: 'Youth',
    })

    const member = await newPage({ width: 375, height: 812 })
    await signInAsStaff(member, credentials)
    const sheet = await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' })
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, {
      status: 'rejected',
      comments: 'Add Tuesday please',
    })

    // The member opens the rejected week and unfolds its history under Previous Comments.
    await member.reload()
    const row = member.locator('tbody tr', { hasText: formatDate(sheet.weekStartDate) })
    await row.getByText('Rejected').waitFor()
    await row.getByRole('button', { name: /^View / }).click()
    const dialog = member.getByRole('dialog', { name: 'View Timesheet Submission' })
    await dialog.getByText('Previous Comments').waitFor()
    await dialog.getByText('History', { exact: true }).click()
    const timeline = dialog.getByRole('list', { name: 'Timesheet history, oldest first' })
    await timeline.getByText('Timesheet rejected').waitFor()
    const steps = await timeline.locator(':scope > li > div:first-child').allTextContents()
    expect(steps.slice(-2)).toEqual(['Timesheet submitted', 'Timesheet rejected'])
    expect(
      await timeline.getByText(`${supervisorPerson.firstName} ${supervisorPerson.lastName}`).count(),
    ).toBeGreaterThan(0)
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(member, 'the timesheet history at 375 px')

    // The supervisor goes to Activity from the header, filters by action and exports.
    await supervisor.goto('/')
    await supervisor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).first().click()
    await supervisor.getByRole('heading', { name: 'Activity', level: 1 }).waitFor()
    const activity = supervisor.getByRole('region', { name: 'Activity, newest first' })
    await activity.getByText('Timesheet rejected').waitFor()
    expect(await activity.getByText(`${staffName}, week of `, { exact: false }).count()).toBeGreaterThan(0)
    expect(await activity.getByText('Member added').count()).toBe(1)
    await expectAccessible(supervisor, 'the Activity page')
    await supervisor.getByRole('combobox', { name: 'Action' }).click()
    await supervisor.getByRole('option', { name: 'Timesheet rejected' }).click()
    await activity.getByText('Member added').waitFor({ state: 'detached' })
    const [download] = await Promise.all([
      supervisor.waitForEvent('download'),
      supervisor.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const csv = await readFile(await download.path(), 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    // What the record is about: whose week, not the timesheet's number.
    const week = formatDate(sheet.weekStartDate).replace(/, \d{4}$/, '')
    expect(lines[1]).toContain(
      `${supervisorPerson.firstName} ${supervisorPerson.lastName},Timesheet rejected,"${staffName}, week of ${week}"`,
    )
    expect(lines[1]).toContain('Comments: (empty) → Add Tuesday please')

    await supervisor.setViewportSize({ width: 375, height: 812 })
    await activity.getByText('Timesheet rejected').waitFor()
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(supervisor, 'the Activity page at 375 px')
  })
})
