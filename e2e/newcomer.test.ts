import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ListedTimesheet } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

/**
 * What a newcomer tripped on (issue 37), walked again on a 375 px phone: each journey failed
 * before its fix.
 */
const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first()

/** A new organization's supervisor and a staff member signed in on a phone. */
async function staffOnPhone(department = 'Youth') {
  const org = await supervisorWithStaff(newPage, { department })
  const member = await newPage(PHONE)
  await signInAsStaff(member, org.credentials)
  return { ...org, member }
}

describe('a declined week (issue 37, item 1)', () => {
  it('keeps the supervisor’s comment through the member’s saves until resubmission, and the history shows every step', async () => {
    const { supervisor, member } = await staffOnPhone()
    const submitted = await submitThisWeek(member, {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'Sermon prep',
    })
    await api(supervisor, 'PATCH', `/api/timesheets/${submitted.id}/status`, {
      status: 'rejected',
      comments: 'Please add your Tuesday hours',
    })

    // The member opens the week, changes something and saves: the comment stays.
    await member.reload()
    const card = member.getByRole('region', { name: 'Current Week Timesheet' })
    await card.getByText('Please add your Tuesday hours').waitFor()
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = member.getByRole('dialog', { name: /^Weekly Timesheet - / })
    const tuesday = dialog.getByRole('region', { name: 'Tuesday' })
    await tuesday.getByLabel('Start Time', { exact: true }).fill('10:00')
    await tuesday.getByLabel('End Time', { exact: true }).fill('14:30')
    await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(member, 'Timesheet Saved').waitFor()
    expect(await dialog.getByText('Please add your Tuesday hours').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await dialog.waitFor({ state: 'detached' })
    await member.reload()
    await card.getByText('Please add your Tuesday hours').waitFor()

    // The submit page shows it too, as 'sent back'.
    await member.goto('/submit-timesheet')
    const declined = member.getByRole('region', { name: 'Declined timesheet' })
    await declined.getByText('Please add your Tuesday hours').waitFor()

    // The history lists every step so far, the decline with its comment.
    await member.goto('/')
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    await dialog.getByText('History').click()
    const history = dialog.getByRole('list', { name: 'Timesheet history, oldest first' })
    await history.waitFor()
    const steps = await history.locator(':scope > li > div > span:first-child').allTextContents()
    expect(steps).toEqual(['Timesheet created', 'Timesheet submitted', 'Timesheet rejected', 'Timesheet saved'])
    expect(await history.getByText(/Please add your Tuesday hours/).count()).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Close' }).first().click()

    // Resubmitted, the comment leaves the member's week and stays in the history and Previous Comments.
    const resubmitted = await api<ListedTimesheet>(member, 'POST', `/api/timesheets/${submitted.id}/submit`, {})
    expect(resubmitted.status).toBe('pending')
    expect(resubmitted.comments).toBe('Please add your Tuesday hours')
    await supervisor.goto('/')
    await supervisor
      .locator('tbody tr')
      .getByRole('button', { name: /^View / })
      .first()
      .click()
    const review = supervisor.getByRole('dialog', { name: 'View Timesheet Submission' })
    await review.getByText('Previous Comments').waitFor()
    expect(await review.getByText('Please add your Tuesday hours').isVisible()).toBe(true)
  })
})
