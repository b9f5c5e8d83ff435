import { describe, expect, it } from 'vitest'
import { addDays, type TimesheetAnswer } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, editCurrentWeek, thisWeekStart, weekdays } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'

const { newPage } = useBrowser()

describe('copy last week on a phone', () => {
  it('fills a fresh week from last week on the submit page and in the weekly dialog, leaves a typed day alone, and undoes', async () => {
    const { member: page } = await supervisorWithSignedInStaff(newPage, { department: 'Custodial' }, PHONE)

    // Last week: Monday to Friday 9:00-17:00 with an activity, and a note (never copied).
    const thisWeek = await thisWeekStart(page)
    await api(page, 'POST', '/api/timesheets/save-draft', {
      ...weekdays('09:00', '17:00', 'Building and grounds'),
      notes: 'Boiler serviced',
      weekStartDate: addDays(thisWeek, -7),
    })
    // This week: Wednesday already typed.
    await editCurrentWeek(page, () => ({ wednesdayStart: '10:00', wednesdayEnd: '12:00' }))

    // The submit page: the copy fills its form; Undo empties those days again.
    await page.goto(new URL('/submit-timesheet', page.url()).href)
    const form = page.getByRole('form', { name: 'Weekly timesheet' })
    const copyOnPage = form.getByRole('button', {
      name: 'Copy last week: fill Monday, Tuesday, Thursday, Friday from last week',
    })
    await copyOnPage.click()
    await form.getByText('Copied 4 days from last week (Monday, Tuesday, Thursday, Friday).').waitFor()
    const onPage = (day: string) => form.getByRole('region', { name: day })
    expect(await onPage('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00')
    expect(await onPage('Wednesday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('10:00')
    expect(await page.getByLabel('Notes (Optional)').inputValue()).toBe('')
    expect((await form.getByRole('button', { name: 'Undo' }).boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await fitsPhone(page)
    await expectAccessible(page, 'the submit page after Copy last week')
    await form.getByRole('button', { name: 'Undo' }).click()
    await form.getByText('Copy undone.').waitFor()
    expect(await onPage('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('')
    await copyOnPage.waitFor()

    // The weekly dialog from the dashboard: the server copies into the saved week.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    const card = page.getByRole('region', { name: 'Current Week Timesheet' })
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = page.getByRole('dialog', { name: /^Weekly Timesheet - / })
    const copyInDialog = dialog.getByRole('button', { name: /^Copy last week: fill Monday, Tuesday, Thursday, Friday/ })
    await copyInDialog.click()
    await dialog.getByText('Copied 4 days from last week (Monday, Tuesday, Thursday, Friday).').waitFor()
    const inDialog = (day: string) => dialog.getByRole('region', { name: day })
    expect(await inDialog('Friday').getByLabel('End Time', { exact: true }).inputValue()).toBe('17:00')
    expect(await inDialog('Wednesday').getByLabel('End Time', { exact: true }).inputValue()).toBe('12:00')
    await fitsPhone(page)
    await expectAccessible(page, 'the weekly dialog after Copy last week')
    let saved = await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week')
    expect(saved).toMatchObject({ mondayStart: '09:00', fridayEnd: '17:00', wednesdayStart: '10:00', notes: '' })
    expect(saved.wednesdayActivity).toBe('')

    // Undo saves the copied days back as they were.
    await dialog.getByRole('button', { name: 'Undo' }).click()
    await dialog.getByText('Copy undone.').waitFor()
    await copyInDialog.waitFor()
    saved = await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week')
    expect(saved).toMatchObject({ mondayStart: '', fridayEnd: '', wednesdayStart: '10:00' })

    // Copied for good; with nothing left to fill, it is no longer offered.
    await copyInDialog.click()
    await dialog.getByText(/^Copied 4 days/).waitFor()
    await page.keyboard.press('Escape')
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    await dialog.getByRole('region', { name: 'Monday' }).waitFor()
    expect(await inDialog('Monday').getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00')
    expect(await dialog.getByRole('button', { name: /^Copy last week/ }).count()).toBe(0)
  })
})
