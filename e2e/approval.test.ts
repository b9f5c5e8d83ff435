import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Download, Page } from 'playwright-core'
import { formatDate, type ListedTimesheet } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { chooseStatus, showsUnderRejected, viewOwnRejectedWeek } from './helpers/decisions.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** Clicking `click` opens a new tab that downloads a file; answers that file's name and text. */
async function downloadFromNewTab(page: Page, click: () => Promise<void>) {
  let tab: Page | undefined
  const downloaded = new Promise<Download>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No download within 15 s; the new tab is at ${tab?.url() ?? '(no new tab)'}`)),
      15_000,
    )
    const done = (d: Download) => {
      clearTimeout(timer)
      resolve(d)
    }
    // Chromium reports a download that a new tab started on the new tab or on its opener.
    page.once('download', done)
    page.context().once('page', (opened) => {
      tab = opened
      opened.once('download', done)
    })
  })
  await click()
  const download = await downloaded
  const path = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
}

describe('approval journey', () => {
  it('a supervisor rejects a week with a comment, the staff member fixes it, the supervisor approves and downloads the CSV', async () => {
    // The supervisor signs in and adds a staff member.
    const { supervisor, staffName, credentials } = await supervisorWithStaff(newPage, { department: 'Youth' })

    // The staff member signs in on a phone.
    const member = await newPage({ width: 375, height: 812 })
    await signInAsStaff(member, credentials)

    // ... and submits this week (in the organization's zone) through the API.
    const submitted = await submitThisWeek(member, {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'Sermon prep',
      notes: 'First week',
    })
    const week = formatDate(submitted.weekStartDate)
    expect(submitted.status).toBe('pending')

    // The supervisor finds it among the pending ones and rejects it with a comment.
    await supervisor.goto('/')
    await chooseStatus(supervisor, 'Pending')
    const pendingRow = supervisor.locator('tbody tr', { hasText: staffName })
    await pendingRow.getByText('Pending Review').waitFor()
    // Week Starting and Submitted read the same on the week's first day: look in the week's own cell.
    expect(await pendingRow.locator('td', { hasText: 'Week Starting' }).textContent()).toContain(week)
    expect(await pendingRow.getByText('Youth').isVisible()).toBe(true)
    await pendingRow.getByRole('button', { name: `Reject ${staffName}'s timesheet for the week of ${week}` }).click()
    let dialog = supervisor.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await dialog.waitFor()
    expect(await dialog.getByText('Sermon prep').isVisible()).toBe(true)
    expect(await dialog.getByText('No hours logged').count()).toBe(6)
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Please add your Tuesday hours')
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
    await supervisor.getByText('Timesheet declined. Employee will be notified via email.').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    // No longer pending: it left the filtered list, and shows under Rejected.
    await showsUnderRejected(supervisor, pendingRow, staffName)

    // The staff member sees the rejection and the comment, on their phone, without scrolling sideways.
    const own = await viewOwnRejectedWeek(member, week)
    const ownRow = own.ownRow
    dialog = own.dialog
    expect(await dialog.getByText('Please add your Tuesday hours').isVisible()).toBe(true)
    expect(await dialog.getByRole('textbox').count()).toBe(0)
    expect(await ownRow.getByRole('button', { name: /^(Approve|Reject) / }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Close' }).first().click()

    // ... edits the week and submits it again.
    await api(member, 'PUT', `/api/timesheets/draft/${submitted.id}`, {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'Sermon prep',
      tuesdayStart: '10:00',
      tuesdayEnd: '14:30',
      tuesdayActivity: 'Hospital visits',
      notes: 'Added Tuesday',
    })
    const resubmitted = await api<ListedTimesheet>(member, 'POST', `/api/timesheets/${submitted.id}/submit`, {})
    expect(resubmitted.status).toBe('pending')
    await member.reload()
    await ownRow.getByText('Pending Review').waitFor()

    // The supervisor approves it; the earlier comment is still there.
    await supervisor.reload()
    await chooseStatus(supervisor, 'Pending')
    await pendingRow.getByRole('button', { name: /^Approve / }).click()
    dialog = supervisor.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await dialog.getByText('Hospital visits').waitFor()
    expect(await dialog.getByText('Please add your Tuesday hours').isVisible()).toBe(true)
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Thank you!')
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
    await supervisor.getByText('Timesheet approved! CSV file is ready for download.').first().waitFor()

    // The link offered after the approval downloads this week's CSV.
    const fromApproval = await downloadFromNewTab(supervisor, () =>
      supervisor.getByRole('link', { name: 'Download CSV', exact: true }).click(),
    )
    expect(fromApproval.name).toMatch(/\.csv$/)
    expect(fromApproval.text).toContain(`Employee,${staffName}`)
    expect(fromApproval.text).toContain('Status,Approved')
    expect(fromApproval.text).toMatch(/Tuesday,10:00,14:30,,0,4\.50,Hospital visits/)
    expect(fromApproval.text).toMatch(/Total,,,,,0,12\.50,/)

    // So does the approved row's CSV icon, through the API's redirect to a fresh link.
    await chooseStatus(supervisor, 'Approved')
    const approvedRow = supervisor.locator('tbody tr', { hasText: staffName })
    await approvedRow.getByText('Approved').waitFor()
    const fromRow = await downloadFromNewTab(supervisor, () =>
      approvedRow.getByRole('link', { name: /^Download CSV/ }).click(),
    )
    expect(fromRow.text).toContain(`Employee,${staffName}`)
    expect(fromRow.text).toContain('Notes,Added Tuesday')

    // The staff member sees it approved, with its own CSV link.
    await member.reload()
    await ownRow.getByText('Approved').waitFor()
    expect(await ownRow.getByRole('link', { name: /^Download CSV/ }).getAttribute('href')).toBe(
      `/api/timesheets/${submitted.id}/download-csv`,
    )

    // On a phone the supervisor's list stacks into cards: nothing scrolls sideways.
    await supervisor.setViewportSize({ width: 375, height: 812 })
    await approvedRow.getByText('Approved').waitFor()
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it('reports: the supervisor sees the week and exports it; staff are turned away', async () => {
    const { supervisor, staff, credentials } = await supervisorWithStaff(newPage, {
      department: 'Music',
      role: 'volunteer',
    })
    const member = await newPage()
    await signInAsStaff(member, credentials)
    const { weekStartDate } = await submitThisWeek(member, { sundayStart: '08:00', sundayEnd: '12:00' })

    await supervisor.goto('/')
    await supervisor.getByRole('link', { name: /Pending Approvals/ }).click()
    await supervisor.getByRole('heading', { name: 'Reports & Analytics' }).waitFor()
    // The week is named in the hours chart, its table and the weekly summary.
    await supervisor
      .getByText(`Week of ${formatDate(weekStartDate)}`)
      .first()
      .waitFor()
    expect(await supervisor.getByText('1 sheet(s)').isVisible()).toBe(true)
    const row = supervisor.locator('tbody tr', { hasText: `${staff.firstName} ${staff.lastName}` })
    expect(await row.getByText('No notes').isVisible()).toBe(true)
    const [download] = await Promise.all([
      supervisor.waitForEvent('download'),
      supervisor.getByRole('button', { name: 'Export', exact: true }).click(),
    ])
    const csv = await readFile(await download.path(), 'utf8')
    expect(download.suggestedFilename()).toMatch(/^timesheets-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv).toContain(`${staff.firstName} ${staff.lastName},${staff.email},Music,${weekStartDate},Pending Review,`)

    await member.goto('/reports')
    await member.getByText('Access Denied').waitFor()
    await member.waitForURL((url) => url.pathname === '/')
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor()
  })
})
