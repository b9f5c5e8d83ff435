import { describe, expect, it } from 'vitest'
import {
  currentWeekStart,
  dateOfDay,
  weekTotalHours,
  zonedInstant,
  type OrganizationSettings,
  type TimesheetAnswer,
} from '@app/core'
import { splitSunday } from '../functions/test/support/email-fixtures.ts'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast, touchable } from './helpers/phone.ts'

const { newPage } = useBrowser()

/** A fresh member of a fresh organization, signed in on a phone, and this week's Sunday in its zone. */
async function memberOnPhone() {
  const { member: page } = await supervisorWithSignedInStaff(newPage, { department: 'Worship' }, PHONE)
  const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
  const sunday = dateOfDay(currentWeekStart(settings.timeZone, settings.weekStartDay), 'sunday')
  return { page, sunday, at: (time: string) => zonedInstant(sunday, time, settings.timeZone) }
}

describe('split shifts', () => {
  it('on a 375 px phone: Sunday 8:00-12:00 and 18:00-21:00 with the timer, and the week counts 7 hours for Sunday', async () => {
    const { page, at } = await memberOnPhone()
    // The browser's clock says this week's Sunday, at the times the member taps (the timers keep running).
    await page.clock.setFixedTime(at('08:00'))
    await page.goto('/')
    const card = page.getByRole('region', { name: 'Current Week Timesheet' })
    await card.getByText(/^Today · Sunday, /).waitFor()

    await card.getByRole('button', { name: 'Clock In Sunday' }).click()
    await toast(page, 'Started work at 08:00 on Sunday').waitFor()
    await card.getByText('Clocked in since 08:00').waitFor()

    await page.clock.setFixedTime(at('12:00'))
    await card.getByRole('button', { name: 'Clock Out Sunday' }).click()
    await toast(page, 'Finished work at 12:00 on Sunday').waitFor()

    // 'What did you do?' in place, focused; Enter saves it as Sunday's activity.
    const answer = card.getByLabel('What did you do?', { exact: true })
    await answer.waitFor()
    expect(await answer.evaluate((input) => input === document.activeElement)).toBe(true)
    await touchable(card.getByRole('button', { name: 'Save activity' }))
    await touchable(card.getByRole('button', { name: 'Skip' }))
    await fitsPhone(page)
    await expectAccessible(page, 'the dashboard asking “What did you do?” at 375 px')
    await answer.fill('Morning worship')
    await answer.press('Enter')
    await toast(page, 'Activity Saved').waitFor()
    await answer.waitFor({ state: 'detached' })

    // The evening: Clock In again gives the day a second span, counted from its own start.
    await page.clock.setFixedTime(at('18:00'))
    const clockInAgain = card.getByRole('button', { name: 'Clock In Sunday' })
    await touchable(clockInAgain)
    await clockInAgain.click()
    await toast(page, 'Started work at 18:00 on Sunday').waitFor()
    await card.getByText('Clocked in since 18:00').waitFor()

    await page.clock.setFixedTime(at('21:00'))
    await card.getByRole('button', { name: 'Clock Out Sunday' }).click()
    await toast(page, 'Finished work at 21:00 on Sunday').waitFor()
    await card.getByRole('button', { name: 'Skip' }).click()
    await card.getByText('Paid: 7.0 hours').waitFor()

    // Saved as two spans; the day and the week count their sum, 7 hours.
    const saved = await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week')
    expect(saved).toMatchObject({ ...splitSunday, sundayActivity: 'Morning worship' })
    expect(weekTotalHours(saved)).toBe(7)
    await card.getByText('7.0 hours', { exact: true }).waitFor()

    // The weekly dialog shows both ranges and the 7 hours.
    await card.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = page.getByRole('dialog', { name: /^Weekly Timesheet - / })
    const sundayCard = dialog.getByRole('region', { name: 'Sunday' })
    expect(await sundayCard.getByLabel('Start Time', { exact: true }).inputValue()).toBe('08:00')
    expect(await sundayCard.getByLabel('End Time', { exact: true }).inputValue()).toBe('12:00')
    expect(await sundayCard.getByLabel('Start Time 2', { exact: true }).inputValue()).toBe('18:00')
    expect(await sundayCard.getByLabel('End Time 2', { exact: true }).inputValue()).toBe('21:00')
    expect(await dialog.getByTestId('week-total').textContent()).toBe('7.0 hours')
    await touchable(sundayCard.getByRole('button', { name: 'Remove time range 2: Sunday' }))
    await fitsPhone(page)
    await expectAccessible(page, 'the weekly dialog with a split Sunday at 375 px')
  })

  it('a client that sends only sundayStart and sundayEnd gets the spec’s total: 08:00-21:00 counts 13 hours', async () => {
    const { page } = await memberOnPhone()
    const week = await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week')
    // First a split Sunday, as the app saves it.
    const split = await api<TimesheetAnswer>(page, 'PUT', `/api/timesheets/draft/${week.id}`, {
      ...splitSunday,
      version: week.version,
    })
    expect(weekTotalHours(split)).toBe(7)
    // Then a client of the spec: no spans, so the day is one span from its start to its end.
    const spec = await api<TimesheetAnswer>(page, 'PUT', `/api/timesheets/draft/${week.id}`, {
      sundayStart: '08:00',
      sundayEnd: '21:00',
      version: split.version,
    })
    expect(spec.sundaySpans).toEqual([{ start: '08:00', end: '21:00' }])
    expect(weekTotalHours(spec)).toBe(13)
    expect(weekTotalHours(await api<TimesheetAnswer>(page, 'GET', '/api/timesheets/current-week'))).toBe(13)
  })
})
