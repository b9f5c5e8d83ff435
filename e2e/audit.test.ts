import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { currentWeekStart, formatDate, type ListedTimesheet, type OrganizationSettings } from '@app/core'
import { useBrowser } from './browser.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** A JSON call from inside a signed-in page, with its cookies; throws on a non-2xx answer. */
const api = <T>(page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${res.status}: ${text}`)
      return (text ? JSON.parse(text) : null) as T
    },
    { method, url, body },
  ) as Promise<T>

describe('audit trail', () => {
  it("the staff member sees their timesheet's history on a phone; the supervisor reads, filters and exports the Activity", async () => {
    const supervisor = await newPage()
    const pastor = uniquePerson('pastor')
    await signInAsSupervisor(supervisor, pastor)
    const staff = uniquePerson('staff')
    const credentials = await addMember(supervisor, { ...staff, department: 'Youth', role: 'employee' })

    const member = await newPage({ width: 375, height: 812 })
    await signInAsStaff(member, credentials)
    const settings = await api<OrganizationSettings>(member, 'GET', '/api/organization/settings')
    const weekStartDate = currentWeekStart(settings.timeZone, settings.weekStartDay)
    const sheet = await api<ListedTimesheet>(member, 'POST', '/api/timesheets', {
      weekStartDate,
      mondayStart: '09:00',
      mondayEnd: '12:00',
      mondayActivity: 'Visits',
    })
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, {
      status: 'rejected',
      comments: 'Add Tuesday please',
    })

    // The member opens the rejected week and unfolds its history under Previous Comments.
    await member.reload()
    const row = member.locator('tbody tr', { hasText: formatDate(weekStartDate) })
    await row.getByText('Rejected').waitFor()
    await row.getByRole('button', { name: /^View / }).click()
    const dialog = member.getByRole('dialog', { name: 'View Timesheet Submission' })
    await dialog.getByText('Previous Comments').waitFor()
    await dialog.getByText('History', { exact: true }).click()
    const timeline = dialog.getByRole('list', { name: 'Timesheet history, oldest first' })
    await timeline.getByText('Timesheet rejected').waitFor()
    const steps = await timeline.locator(':scope > li > div:first-child').allTextContents()
    expect(steps.slice(-2)).toEqual(['Timesheet submitted', 'Timesheet rejected'])
    expect(await timeline.getByText(`${pastor.firstName} ${pastor.lastName}`).count()).toBeGreaterThan(0)
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(member, 'the timesheet history at 375 px')

    // The supervisor goes to Activity from the header, filters by action and exports.
    await supervisor.goto('/')
    await supervisor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).first().click()
    await supervisor.getByRole('heading', { name: 'Activity', level: 1 }).waitFor()
    const activity = supervisor.getByRole('region', { name: 'Activity, newest first' })
    await activity.getByText('Timesheet rejected').waitFor()
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
    expect(lines[1]).toContain(`${pastor.firstName} ${pastor.lastName},Timesheet rejected,Timesheet #${sheet.id}`)
    expect(lines[1]).toContain('Comments: (empty) → Add Tuesday please')

    await supervisor.setViewportSize({ width: 375, height: 812 })
    await activity.getByText('Timesheet rejected').waitFor()
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(supervisor, 'the Activity page at 375 px')
  })
})
