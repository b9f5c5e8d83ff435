import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { daysInWeekOrder, dayLabel, dayOfDate, todayIn, type OrganizationSettings } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { submitStaffLogin, supervisorWithSignedInStaff, supervisorWithStaff } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast, touchable } from './helpers/phone.ts'
import { fillDay } from './helpers/timesheet.ts'

const { newPage } = useBrowser()

/** The clock's toast, "Started work at 09:05 on Monday" (HH:MM on the 24-hour clock, as the spec writes times). */
const clockToast = (page: Page, verb: 'Started' | 'Finished', day: string) =>
  page.getByText(new RegExp(`^${verb} work at \\d\\d:\\d\\d on ${day}$`)).first()

describe('timesheet entry on a phone', () => {
  it('clocks in, survives a reload, clocks out, fills two days, saves, reopens and submits', async () => {
    const { member: page } = await supervisorWithSignedInStaff(newPage, { department: 'Worship' }, PHONE)

    // "Today" is judged in the organization's zone, as the app does.
    const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
    const todayName = dayOfDate(todayIn(settings.timeZone))
    const today = dayLabel[todayName]
    const [first, second] = daysInWeekOrder(settings.weekStartDay).filter((d) => d !== todayName)
    const [dayA, dayB] = [dayLabel[first!], dayLabel[second!]]

    // A fresh week: one Current Week card with Start Timesheet and today's clock.
    const thisWeek = page.getByRole('region', { name: 'Current Week Timesheet' })
    await thisWeek.getByRole('link', { name: 'Start Timesheet' }).waitFor()
    const clockIn = thisWeek.getByRole('button', { name: `Clock In ${today}` })
    await touchable(clockIn)
    await fitsPhone(page)
    await clockIn.click()
    await toast(page, 'Clocked In').waitFor()
    await clockToast(page, 'Started', today).waitFor()
    // The start as the toast says it, in the reader's convention.
    await thisWeek.getByText(/Clocked in since \d{1,2}:\d\d( [AP]M)?/).waitFor()

    // A reload (or a phone waking up): the clock still runs, from the saved start time.
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const clockOut = thisWeek.getByRole('button', { name: `Clock Out ${today}` })
    await clockOut.waitFor()
    const timer = thisWeek.getByRole('timer')
    const before = await timer.textContent()
    expect(before).toMatch(/^\d\d:\d\d:\d\d$/)
    await page.waitForFunction(
      (shown) => document.querySelector('[aria-labelledby="current-week-title"] [role="timer"]')?.textContent !== shown,
      before,
      { timeout: 5000 },
    )
    expect(await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).isVisible()).toBe(true)

    await touchable(clockOut)
    await clockOut.click()
    await toast(page, 'Clocked Out').waitFor()
    await clockToast(page, 'Finished', today).waitFor()
    await thisWeek.getByRole('button', { name: `Reset ${today}` }).waitFor()
    expect(await thisWeek.getByRole('button', { name: `Clock Out ${today}` }).count()).toBe(0)

    // The Current Week card opens the weekly dialog; two more days get their times and activities.
    await thisWeek.getByText('Draft').waitFor()
    await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = page.getByRole('dialog', { name: /^Weekly Timesheet - / })
    await dialog.waitFor()
    const inDialog = (day: string) => dialog.getByRole('region', { name: day })
    expect(await inDialog(today).getByLabel('Start Time', { exact: true }).inputValue()).toMatch(/^\d\d:\d\d$/)
    await fillDay(inDialog(dayA), '09:00', '17:30', 'Sermon preparation')
    await fillDay(inDialog(dayB), '22:00', '01:00', 'Overnight youth lock-in')
    await touchable(inDialog(dayA).getByLabel('Start Time', { exact: true }))
    expect(
      await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 375),
    ).toBe(true)
    const total = await dialog.getByTestId('week-total').textContent()
    expect(total).toMatch(/^11\.\d hours$/)

    await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(page, 'Timesheet Saved').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // Reopened, it shows what was saved; Submit saves, then submits.
    await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).click()
    await dialog.waitFor()
    expect(await inDialog(dayA).getByLabel('End Time', { exact: true }).inputValue()).toBe('17:30')
    expect(await inDialog(dayB).getByLabel('What did you do today?').inputValue()).toBe('Overnight youth lock-in')
    expect(await dialog.getByTestId('week-total').textContent()).toBe(total)
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click()
    await toast(page, 'Timesheet Submitted').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    // Submitted: the week is Pending Review, it opens read-only, and the clock is gone.
    await thisWeek.getByText('Pending Review').waitFor()
    expect(await thisWeek.getByRole('button', { name: 'View Timesheet' }).isVisible()).toBe(true)
    expect(await thisWeek.getByRole('timer').count()).toBe(0)
    await fitsPhone(page)

    // The server agrees.
    const saved = await api<Record<string, string>>(page, 'GET', '/api/timesheets/current-week')
    expect(saved.status).toBe('pending')
    expect(saved[`${first}Activity`]).toBe('Sermon preparation')
    expect([saved[`${second}Start`], saved[`${second}End`]]).toEqual(['22:00', '01:00'])
    expect(saved[`${todayName}End`]).toMatch(/^\d\d:\d\d$/)
  })

  it('saves and submits the whole week from /submit-timesheet on a phone', async () => {
    const { credentials } = await supervisorWithStaff(newPage, { department: 'Youth', role: 'volunteer' })

    const page = await newPage(PHONE)
    await submitStaffLogin(page, credentials)
    await page.getByRole('link', { name: 'Start Timesheet' }).click()
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()
    await fitsPhone(page)

    const week = await page.getByLabel('Week Starting').inputValue()
    expect(week).toMatch(/^\d{4}-\d\d-\d\d$/)
    const monday = page.getByRole('region', { name: 'Monday' })
    await monday.getByRole('button', { name: /^9–5/ }).click()
    expect(await monday.getByLabel('End Time', { exact: true }).inputValue()).toBe('17:00')
    await monday.getByLabel('What did you do today?').fill('Set up for Sunday')
    await touchable(monday.getByRole('button', { name: /^9–5/ }))
    await page.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(page, 'Your timesheet has been saved. You can continue working on it later.').waitFor()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()

    // Back on the page, the draft is prefilled; only the week's start day can be picked.
    await page.getByRole('link', { name: 'Open the full page' }).click()
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()
    expect(await monday.getByLabel('What did you do today?').inputValue()).toBe('Set up for Sunday')
    const offered = await page
      .getByLabel('Week Starting')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(new Set(offered.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()))).toEqual(
      new Set([new Date(`${week}T00:00:00Z`).getUTCDay()]),
    )

    await page.getByRole('button', { name: 'Submit Timesheet' }).click()
    await toast(page, 'Your weekly timesheet has been submitted for approval.').waitFor()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.getByRole('region', { name: 'Current Week Timesheet' }).getByText('Pending Review').waitFor()
  })
})
