import { describe, expect, it } from 'vitest'
import { addDays, type TimesheetAnswer } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, editCurrentWeek, thisWeekStart, weekdays } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()

/** 'Nov 2, 2026', as the dashboard names a week. */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )

describe('the submit page’s week picker on a phone', () => {
  it('opens a past declined week with its own saved entries, carries nothing of this week, and Edit and Resubmit leads there from its view', async () => {
    const {
      supervisor,
      staffName,
      member: page,
    } = await supervisorWithSignedInStaff(newPage, { department: 'Custodial' }, PHONE)

    // Two weeks ago: Monday to Friday 9:00-17:00, submitted, then declined with a comment.
    const thisWeek = await thisWeekStart(page)
    const declinedWeek = addDays(thisWeek, -14)
    const days = weekdays('09:00', '17:00', 'Building and grounds')
    const submitted = await api<TimesheetAnswer>(page, 'POST', '/api/timesheets', {
      ...days,
      weekStartDate: declinedWeek,
    })
    await api(supervisor, 'PATCH', `/api/timesheets/${submitted.id}/status`, {
      status: 'rejected',
      comments: 'Please add what you did on Friday',
    })
    // This week: a punch on Saturday (as the kiosk records one), which no other week may receive.
    await editCurrentWeek(page, () => ({ saturdayStart: '07:00', saturdayEnd: '08:30' }))

    await page.goto(new URL('/submit-timesheet', page.url()).href)
    const form = page.getByRole('form', { name: 'Weekly timesheet' })
    const onPage = (day: string) => form.getByRole('region', { name: day })
    expect(await onPage('Saturday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('07:00')

    // Picking the declined week shows its own entries and its supervisor's comment.
    await page.getByLabel('Week Starting').selectOption(declinedWeek)
    const declined = page.getByRole('region', { name: 'Declined timesheet' })
    await declined.getByText('Please add what you did on Friday').waitFor()
    expect(await onPage('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00')
    expect(await onPage('Friday').getByLabel('What did you do today?').inputValue()).toBe('Building and grounds')
    expect(await onPage('Saturday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('')
    expect(await page.getByTestId('week-total').textContent()).toBe('40.0 hours')
    await fitsPhone(page)
    await expectAccessible(page, 'the submit page on a past declined week')

    // A week with nothing saved opens blank.
    await page.getByLabel('Week Starting').selectOption(addDays(thisWeek, -7))
    await page.getByTestId('week-total').getByText('0.0 hours').waitFor()
    expect(await onPage('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('')
    expect(await onPage('Saturday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('')

    // From the dashboard: the declined week's view offers Edit and Resubmit, which opens it to fix.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await page
      .getByRole('button', { name: `View ${staffName}'s timesheet for the week of ${shortDate(declinedWeek)}` })
      .click()
    const view = page.getByRole('dialog', { name: 'View Timesheet Submission' })
    await view.getByRole('link', { name: 'Edit and Resubmit' }).click()
    await declined.waitFor()
    expect(await page.getByLabel('Week Starting').inputValue()).toBe(declinedWeek)
    expect(await onPage('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00')
    await onPage('Friday').getByLabel('What did you do today?').fill('Building and grounds; boiler serviced')
    await page.getByRole('button', { name: 'Submit Timesheet' }).click()
    await toast(page, 'Your weekly timesheet has been submitted for approval.').waitFor()

    const weeks = await api<{ items: TimesheetAnswer[] }>(page, 'GET', '/api/timesheets')
    expect(weeks.items.find((t) => t.weekStartDate === declinedWeek)).toMatchObject({
      id: submitted.id,
      status: 'pending',
      mondayStart: '09:00',
      fridayActivity: 'Building and grounds; boiler serviced',
      saturdayStart: '',
    })
    expect(await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week')).toMatchObject({
      saturdayStart: '07:00',
    })
  })
})
