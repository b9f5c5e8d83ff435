import { describe, expect, it } from 'vitest'
import { addDays, dayOfDate, monthOf, todayIn, type OrganizationSettings, type TimeOffPolicies } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { seriousViolations } from './helpers/axe.ts'
import { expectFocusStays, tabTo } from './helpers/keyboard.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'
import { addMember, signedInSupervisor, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

/** Settings in pages, the setup guide, and whose first run the checklist is: a church in Denver, phones in Los Angeles. */
const { newPage } = useBrowser()

const stepHeading = (page: import('playwright-core').Page) =>
  page.getByRole('heading', { level: 2, name: /^Step \d of 5:/ })

describe('Settings on a phone', () => {
  it('walks the setup guide: skips a step, leaves, comes back and resumes where it stopped', async () => {
    const page = await signedInSupervisor(newPage(PHONE, { timezoneId: 'America/Denver' }))
    // The checklist leads to the guide.
    await page
      .getByRole('region', { name: 'Getting started' })
      .getByRole('link', { name: 'Open the setup guide' })
      .click()
    await page.waitForURL('**/settings/setup')
    expect(await stepHeading(page).textContent()).toBe('Step 1 of 5: Time zone and week')
    await page.getByRole('combobox', { name: 'Time zone' }).waitFor()
    await fitsPhone(page)
    expect(await seriousViolations(page)).toEqual([])

    // Skip the first step; the second is done.
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await page.getByRole('heading', { name: 'Step 2 of 5: Pay period' }).waitFor()
    await page.getByRole('form', { name: 'Payroll settings' }).waitFor()
    await page.getByRole('button', { name: 'Done, next step' }).click()
    await page.getByRole('heading', { name: 'Step 3 of 5: Members' }).waitFor()
    await page.getByText('1 of 5 steps done').waitFor()

    // Leave, and come back on another device: the guide resumes at Members, the skipped step marked.
    await page.goto('/')
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const other = await newPage(PHONE, { timezoneId: 'America/Denver' })
    await other.context().addCookies(await page.context().cookies())
    await other.goto('/settings/setup')
    await other.getByRole('heading', { name: 'Step 3 of 5: Members' }).waitFor()
    expect(await other.locator('[data-step="timeZone"]').getAttribute('data-state')).toBe('skipped')
    expect(await other.locator('[data-step="payPeriod"]').getAttribute('data-state')).toBe('done')
    // The skipped step opens again from the list.
    await other.getByRole('button', { name: /^1\. Time zone and week/ }).click()
    await other.getByRole('heading', { name: 'Step 1 of 5: Time zone and week' }).waitFor()
    await fitsPhone(other)
    const org = await api<OrganizationSettings>(other, 'GET', '/api/organization/settings')
    expect(org.setupGuide).toEqual({ timeZone: 'skipped', payPeriod: 'done' })
  })

  it('lists the pages in a navigation that fits 375 px and works by keyboard; old addresses open their page', async () => {
    const page = await signedInSupervisor(newPage(PHONE))
    await page.goto('/settings')
    await page.waitForURL('**/settings/organization')
    const nav = page.getByRole('navigation', { name: 'Settings pages' })
    await nav.getByRole('link', { name: 'Organization' }).waitFor()
    await fitsPhone(page)
    await tabTo(page, nav.getByRole('link', { name: 'Payroll' }))
    await page.keyboard.press('Enter')
    await page.waitForURL('**/settings/payroll')
    await page.getByRole('form', { name: 'Payroll settings' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Payroll' }).getAttribute('aria-current')).toBe('page')
    expect(await page.getByLabel('Organization Name').count()).toBe(0)
    // Reset, pressed by keyboard, has nothing left to reset and keeps the focus (not the page's body).
    const form = page.getByRole('form', { name: 'Payroll settings' })
    const batch = form.getByLabel('ADP batch ID (optional)')
    await batch.fill('WEEKLY_1')
    const reset = form.getByRole('button', { name: 'Reset' })
    await tabTo(page, reset)
    await page.keyboard.press('Enter')
    expect(await batch.inputValue()).toBe('')
    await expectFocusStays(page, reset)
    // Save, pressed by keyboard, keeps the focus through its save (it is unavailable, not disabled).
    await batch.fill('WEEKLY_2')
    const save = form.getByRole('button', { name: 'Save Payroll Settings' })
    await tabTo(page, save)
    await page.keyboard.press('Enter')
    await page.getByText('Payroll settings have been updated.').first().waitFor()
    await expectFocusStays(page, save)
    // The export email's link of before (/settings#data) opens the Data page.
    await page.goto('/settings#data')
    await page.waitForURL('**/settings/data')
    await page.getByRole('region', { name: 'Data' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('the first-run checklist', () => {
  it('is the creating supervisor’s: a co-supervisor in Los Angeles gets none, and the creator is asked before the zone moves', async () => {
    const creator = await signedInSupervisor(newPage(PHONE, { timezoneId: 'America/Denver' }))
    await api(creator, 'PUT', '/api/organization/settings', {
      organizationName: 'Grace Chapel Denver',
      timeZone: 'America/Denver',
    })
    const credentials = await addMember(creator, { ...uniquePerson('co'), department: 'Admin', role: 'supervisor' })

    const co = await newPage(PHONE, { timezoneId: 'America/Los_Angeles' })
    await signInAsStaff(co, credentials)
    // The dashboard's other parts have loaded: the checklist would have too.
    await co.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await co.waitForLoadState('networkidle')
    expect(await co.getByRole('region', { name: 'Getting started' }).count()).toBe(0)
    expect(await co.getByRole('button', { name: /^Use this browser’s zone/ }).count()).toBe(0)
    expect((await api<OrganizationSettings>(co, 'GET', '/api/organization/settings')).firstSupervisor).toBe(false)

    // The creator, on a phone in Los Angeles for a week: the offer asks first, and Cancel keeps Denver.
    const traveling = await newPage(PHONE, { timezoneId: 'America/Los_Angeles' })
    await traveling.context().addCookies(await creator.context().cookies())
    await traveling.goto('/')
    const checklist = traveling.getByRole('region', { name: 'Getting started' })
    await checklist.getByRole('button', { name: 'Use this browser’s zone: Pacific Time (America/Los_Angeles)' }).click()
    const dialog = traveling.getByRole('dialog', { name: 'Change the whole organization’s time zone?' })
    await dialog.getByText(/instead of Mountain Time \(America\/Denver\)\.$/).waitFor()
    await fitsPhone(traveling)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await api<OrganizationSettings>(traveling, 'GET', '/api/organization/settings')).timeZone).toBe(
      'America/Denver',
    )
  })
})

describe('layout and locale', () => {
  it('Who is off fits an 860 px frame, scrolls to its last day at 375 px, shades the church’s days off, shows blackouts; the header keeps its words', async () => {
    const page = await newPage({ width: 1280, height: 900 }, { timezoneId: 'America/Los_Angeles' })
    await signInAsSupervisor(page, { ...uniquePerson('margaret'), firstName: 'Margaret', lastName: 'Chen' })
    const org = await api<OrganizationSettings>(page, 'PUT', '/api/organization/settings', {
      organizationName: 'Grace Chapel Denver',
      timeZone: 'America/Denver',
      // A church: Sunday is a working day, Monday the day off.
      workingDays: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    })
    const today = todayIn(org.timeZone)
    const month = monthOf(today)
    const blackout = addDays(month.start, 9)
    await api(page, 'PUT', '/api/organization/holidays', {
      holidays: [],
      blackouts: [{ date: blackout, reason: 'Easter services' }],
    })
    // Nobody grants themselves leave: the supervisor's own hour is taken against a vacation policy
    // that may go negative.
    const { policies } = await api<TimeOffPolicies>(page, 'GET', '/api/time-off/policies')
    await api(page, 'PUT', '/api/time-off/policies', {
      policies: policies.map((p) => (p.kind === 'vacation' ? { ...p, allowNegative: true } : p)),
    })
    await api(page, 'POST', '/api/time-off', { kind: 'vacation', from: month.start, to: month.start, hoursPerDay: 1 })

    // The header at 1280 px: 'Time off' on one line, the subtitle whole.
    await page.goto('/time-off')
    const main = page.getByRole('navigation', { name: 'Main' }).first()
    const timeOffLink = main.getByRole('link', { name: 'Time off' })
    expect((await timeOffLink.boundingBox())!.height).toBeLessThanOrEqual(44)
    const subtitle = page.getByRole('banner').getByText('Virtual Executive Pastor')
    expect(await subtitle.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

    // 860 px: the header's links wrap rather than push the page sideways; the month's grid fits its
    // frame, every day visible without scrolling.
    await page.setViewportSize({ width: 860, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(860)
    await page.getByRole('button', { name: /Margaret Chen/ }).waitFor()
    expect((await page.getByRole('button', { name: /Margaret Chen/ }).boundingBox())!.x).toBeLessThan(860)
    const grid = page.getByRole('region', { name: /^Who is off in / })
    await grid.waitFor()
    expect(await grid.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
    const headers = grid.getByRole('columnheader')
    const days = (await headers.count()) - 1
    const column = (date: string) => headers.nth(Number(date.slice(8)))
    // Sundays are worked (no shade), Mondays are not (shaded); the blackout date is marked.
    const sunday = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(month.start, n)).find((d) => dayOfDate(d) === 'sunday')!
    const monday = addDays(sunday, 1) <= month.end ? addDays(sunday, 1) : addDays(sunday, -6)
    expect(await column(sunday).getAttribute('class')).not.toContain('bg-slate-100')
    expect(await column(monday).getAttribute('class')).toContain('bg-slate-100')
    expect(await column(blackout).textContent()).toContain('Blackout date: Easter services')
    await grid.getByRole('rowheader', { name: 'Margaret Chen' }).waitFor()
    await page.getByText('Blackout dates').waitFor()
    await page.screenshot({ path: '/tmp/who-is-off-860.png', fullPage: false })

    // 375 px: the grid scrolls inside its frame, and its last day is reachable.
    await page.setViewportSize(PHONE)
    await fitsPhone(page)
    const last = headers.nth(days)
    await last.scrollIntoViewIfNeeded()
    const box = (await last.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(box.x).toBeGreaterThanOrEqual(0)
    await page.screenshot({ path: '/tmp/who-is-off-375.png', fullPage: false })
    await page.goto('/settings/organization')
    await page.getByRole('navigation', { name: 'Settings pages' }).waitFor()
    await page.screenshot({ path: '/tmp/settings-375.png', fullPage: false })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: '/tmp/settings-1280.png', fullPage: false })
  })
})
