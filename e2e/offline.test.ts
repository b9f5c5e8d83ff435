import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { Page } from 'playwright-core'
import { daysInWeekOrder, dayLabel, dayOfDate, todayIn, type CurrentWeek, type OrganizationSettings } from '@app/core'
import { launchProfile, useBrowser } from './browser.ts'
import { api, editCurrentWeek } from './helpers/api.ts'
import { collectErrors } from './helpers/page-errors.ts'
import { type Credentials, signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fillDay } from './helpers/timesheet.ts'

/**
 * The installable, offline staff app on a 375 px phone, against the production build that
 * `npm start` serves (the service worker exists only there).
 */
const { newPage } = useBrowser({ serviceWorkers: 'allow' })
const SAVED_ON_DEVICE = 'Saved on this device — will sync when online'

/** A new member of a new organization, signed in on a phone whose service worker controls the page. */
async function staffOnPhone() {
  const { supervisor, staff: member, credentials } = await supervisorWithStaff(newPage, { department: 'Youth' })
  const page = await newPage(PHONE)
  const errors = collectErrors(page)
  await signInAsStaff(page, credentials)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // Online once: this week is on screen, and so kept on the device.
  const thisWeek = page.getByRole('region', { name: 'Current Week Timesheet' })
  await thisWeek.waitFor()
  const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
  const todayName = dayOfDate(todayIn(settings.timeZone))
  const otherDay = daysInWeekOrder(settings.weekStartDay).find((d) => d !== todayName)!
  return { supervisor, member, credentials, page, errors, thisWeek, todayName, otherDay }
}

/** The connection back: once the device's queue has synced, the week the server holds. */
const syncedWeek = async (page: Page) => {
  await page.context().setOffline(false)
  await page
    .getByRole('status', { name: 'Connection' })
    .getByText(/^(Saved on this device|Syncing)/)
    .waitFor({ state: 'detached' })
  return api<CurrentWeek>(page, 'GET', '/api/timesheets/current-week')
}

describe('the installable offline staff app', () => {
  it('is installable: Chromium finds the manifest and the service worker, both served fresh', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'))
    const context = await launchProfile(profile, PHONE)
    onTestFinished(async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    })
    const page = context.pages()[0] ?? (await context.newPage())
    const errors = collectErrors(page)
    await page.goto('/')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const cdp = await page.context().newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(JSON.parse(manifest.data!)).toMatchObject({
      name: 'Ministry Timesheets',
      short_name: 'Timesheets',
      display: 'standalone',
      start_url: '/',
      theme_color: '#4f46e5',
    })
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(200)
      expect(res.headers()['cache-control'], path).toBe('no-cache')
      expect(res.headers()['content-security-policy'], path).toContain("default-src 'self'")
    }
    expect(errors.filter((e) => !e.includes('/api/auth/user'))).toEqual([])
  })

  it('works through the week offline: clock in, edit, save, reload, and the server has it all once online', async () => {
    const { supervisor, member, page, errors, thisWeek, todayName, otherDay } = await staffOnPhone()
    const today = dayLabel[todayName]
    const context = page.context()

    await context.setOffline(true)
    await page.getByRole('status', { name: 'Connection' }).getByText('Offline').waitFor()

    // Clock in with no connection: the device's clock, kept on the device.
    await thisWeek.getByRole('button', { name: `Clock In ${today}` }).click()
    await toast(page, 'Clocked In').waitFor()
    await page.getByRole('status', { name: 'Connection' }).getByText(SAVED_ON_DEVICE).waitFor()
    await thisWeek.getByRole('button', { name: `Clock Out ${today}` }).waitFor()

    // Another day's times and activity in the weekly dialog, saved on the device.
    await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).click()
    const dialog = page.getByRole('dialog', { name: /^Weekly Timesheet - / })
    const day = dialog.getByRole('region', { name: dayLabel[otherDay] })
    await fillDay(day, '08:30', '12:00', 'Hospital visits')
    await dialog.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(page, SAVED_ON_DEVICE).waitFor()

    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    // A reload with no connection: the app opens from the cache, signed in, with the entries.
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.getByRole('status', { name: 'Connection' }).getByText(SAVED_ON_DEVICE).waitFor()
    await thisWeek.getByRole('button', { name: `Clock Out ${today}` }).waitFor()
    await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).click()
    expect(await day.getByLabel('Start Time', { exact: true }).inputValue()).toBe('08:30')
    expect(await day.getByLabel('What did you do today?').inputValue()).toBe('Hospital visits')
    const clockedInAt = await dialog
      .getByRole('region', { name: today })
      .getByLabel('Start Time', { exact: true })
      .inputValue()
    expect(clockedInAt).toMatch(/^\d\d:\d\d$/)

    // Clocked out, still offline: submitting needs the connection, and says so; nothing typed is lost.
    // (A day still clocked in is asked to be finished first.)
    await dialog.getByRole('button', { name: `Clock Out ${today}` }).click()
    await toast(page, 'Clocked Out').waitFor()
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click()
    await toast(page, 'Submit Failed').waitFor()
    expect(await dialog.getByText(/^Submitting needs a connection/).isVisible()).toBe(true)

    // Back online: the queue syncs, and the server holds every entry, marked as entered offline.
    const saved = await syncedWeek(page)
    expect(saved).toMatchObject({
      [`${otherDay}Start`]: '08:30',
      [`${otherDay}End`]: '12:00',
      [`${otherDay}Activity`]: 'Hospital visits',
      [`${todayName}Start`]: clockedInAt,
      enteredOffline: true,
      status: 'draft',
    })

    // Online again, the week submits; the supervisor's review dialog says the times came from the device.
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click()
    await toast(page, 'Timesheet Submitted').waitFor()
    await supervisor.goto('/')
    const row = supervisor.locator('tbody tr', { hasText: `${member.firstName} ${member.lastName}` })
    await row.getByText('Pending Review').waitFor()
    await row.getByRole('button', { name: /^View / }).click()
    const review = supervisor.getByRole('dialog', { name: 'View Timesheet Submission' })
    await review.getByText(/entered offline on the employee’s device/).waitFor()
    expect(await review.getByText('Hospital visits').isVisible()).toBe(true)
    // Offline, fetches fail by design (the device answers instead), and the sign-in page asked who
    // is signed in before anyone was; nothing else went wrong.
    const unexpected = errors.filter(
      (e) => !e.includes('ERR_INTERNET_DISCONNECTED') && !(e.includes('401') && e.includes('/api/auth/user')),
    )
    expect(unexpected).toEqual([])
  })

  it('shows both versions when the week changed on another device meanwhile, and keeps the chosen one', async () => {
    const { credentials, page, thisWeek, todayName, otherDay } = await staffOnPhone()
    await page.context().setOffline(true)
    await thisWeek.getByRole('button', { name: `Clock In ${dayLabel[todayName]}` }).click()
    await page.getByRole('status', { name: 'Connection' }).getByText(SAVED_ON_DEVICE).waitFor()

    // Meanwhile, the same member saves from another device.
    const desk = await newPage()
    await signInAsStaff(desk, credentials as Credentials)
    await editCurrentWeek(desk, (week) => ({ ...week, [`${otherDay}Activity`]: 'Choir rehearsal, from the office' }))

    await page.context().setOffline(false)
    const dialog = page.getByRole('dialog', { name: 'This week was changed somewhere else' })
    await dialog.waitFor()
    const both = dialog.getByRole('table', { name: 'Both versions of the week, day by day' })
    const todayRow = both.getByRole('row', { name: new RegExp(`^${dayLabel[todayName]}`) })
    const otherRow = both.getByRole('row', { name: new RegExp(`^${dayLabel[otherDay]}`) })
    // This device: clocked in today; elsewhere: the activity typed at the desk.
    expect(await todayRow.getByRole('cell').nth(0).textContent()).toMatch(/^\d\d:\d\d - --:--/)
    expect(await todayRow.getByRole('cell').nth(1).textContent()).toBe('No hours logged')
    expect(await otherRow.getByRole('cell').nth(1).textContent()).toContain('Choir rehearsal, from the office')
    expect(await otherRow.getByRole('cell').nth(0).textContent()).toBe('No hours logged')

    await dialog.getByRole('button', { name: 'Keep this device’s entries' }).click()
    await dialog.waitFor({ state: 'detached' })
    const saved = await api<CurrentWeek>(page, 'GET', '/api/timesheets/current-week')
    expect(saved[`${todayName}Start`]).toMatch(/^\d\d:\d\d$/)
    expect(saved[`${otherDay}Activity`]).toBe('')
    expect(saved.enteredOffline).toBe(true)
    expect(await page.getByRole('status', { name: 'Connection' }).getByText(SAVED_ON_DEVICE).count()).toBe(0)
  })
  it('after an offline reload and reconnecting, the Time off card reads again by itself (or offers Try again)', async () => {
    const { page } = await staffOnPhone()
    const card = page.getByRole('region', { name: 'Time off' })
    await card.getByText('No approved time off ahead.').waitFor()

    // Reloaded with no connection: the dashboard opens from the device; time off is not kept there.
    await page.context().setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await card.waitFor()
    expect(await card.getByText('No approved time off ahead.').count()).toBe(0)

    // The connection returns: the card reads again with no tap (a failed read would offer Try again).
    await page.context().setOffline(false)
    await card.getByText('No approved time off ahead.').waitFor()
    expect(await card.getByText('Could not load your time off').count()).toBe(0)
    await fitsPhone(page)
    await expectAccessible(page, 'the staff dashboard back online after an offline reload')
  })

  it('opens online on the week kept on this device while it asks the server again, then shows the server’s', async () => {
    const { credentials, page, thisWeek, otherDay } = await staffOnPhone()
    // Meanwhile the same member records hours at the desk: the server's week moves on.
    const desk = await newPage()
    await signInAsStaff(desk, credentials as Credentials)
    await editCurrentWeek(desk, (week) => ({ ...week, [`${otherDay}Start`]: '08:00', [`${otherDay}End`]: '11:30' }))

    // The phone opens again; the server's answer for this week is held until the phone has shown one.
    let asked = false
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.context().route('**/api/timesheets/current-week', async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await page.reload()
    // The week as this device kept it (nothing recorded yet), shown while the server is asked.
    await thisWeek.getByRole('link', { name: 'Start Timesheet' }).waitFor()
    expect(asked).toBe(true)
    expect(await thisWeek.getByText('So far:').count()).toBe(0)
    // Then the server's week replaces it.
    release()
    await thisWeek.getByRole('button', { name: 'Continue Timesheet' }).waitFor()
    expect(await thisWeek.getByText('So far:').textContent()).toContain('3.5')
    expect(await thisWeek.getByRole('link', { name: 'Start Timesheet' }).count()).toBe(0)
  })

  it('keeps an hour saved offline on the submit page, syncs it when the connection returns, and says plainly when another week is not saved', async () => {
    const { page, errors } = await staffOnPhone()
    const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
    const first = daysInWeekOrder(settings.weekStartDay)[0]!
    await page.goto('/submit-timesheet')
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()

    const context = page.context()
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()
    await page.getByRole('status', { name: 'Connection' }).getByText('Offline').waitFor()

    // Another week cannot be kept on the device: the page says so, and keeps what was typed.
    const week = page.getByLabel('Week Starting')
    const thisWeekValue = await week.inputValue()
    const earlier = await week.locator('option').nth(2).getAttribute('value')
    await week.selectOption(earlier!)
    const day = page.getByRole('region', { name: dayLabel[first] })
    await day.getByLabel('Start Time', { exact: true }).fill('06:00')
    await day.getByLabel('End Time', { exact: true }).fill('07:00')
    await page.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(page, 'Not saved').waitFor()
    expect(await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).isVisible()).toBe(true)

    // This week is kept on the device, like the weekly dialog's saves.
    await week.selectOption(thisWeekValue)
    await fillDay(day, '07:15', '11:45', 'Set up for the food pantry')
    await page.getByRole('button', { name: 'Save Timesheet' }).click()
    await toast(page, SAVED_ON_DEVICE).waitFor()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.getByRole('status', { name: 'Connection' }).getByText(SAVED_ON_DEVICE).waitFor()

    const saved = await syncedWeek(page)
    expect(saved).toMatchObject({
      [`${first}Start`]: '07:15',
      [`${first}End`]: '11:45',
      [`${first}Activity`]: 'Set up for the food pantry',
      enteredOffline: true,
      status: 'draft',
    })
    // Opened again online, the submit page shows what was synced.
    await page.goto('/submit-timesheet')
    expect(await day.getByLabel('Start Time', { exact: true }).inputValue()).toBe('07:15')
    const unexpected = errors.filter(
      (e) => !e.includes('ERR_INTERNET_DISCONNECTED') && !(e.includes('401') && e.includes('/api/auth/user')),
    )
    expect(unexpected).toEqual([])
  })
})
