import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { dateInZone, formatDate, type OrganizationSettings, type Timesheet } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { addMember, signedInSupervisor, signInAsStaff, uniquePerson } from './helpers/sign-in.ts'

/** As a church office manager and a volunteer on a phone meet it. */
const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

const step = (page: Page, id: string) => page.locator(`[data-step="${id}"]`)

describe('everyday use', () => {
  it('a supervisor in Chicago gets Chicago’s zone, a checklist that ticks, and toasts clear of Save', async () => {
    const page = await newPage({ width: 1280, height: 800 }, { timezoneId: 'America/Chicago' })
    const person = uniquePerson('pastor')
    await page.goto('/')
    await page.getByRole('link', { name: 'Supervisor Login' }).click()
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('First name').fill(person.firstName)
    await page.getByLabel('Last name').fill(person.lastName)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
    expect(settings.timeZone).toBe('America/Chicago')

    // The first-run checklist names the zone to confirm; nothing is done yet.
    const checklist = page.getByRole('region', { name: 'Getting started' })
    await checklist.getByText('Confirm your time zone: Central Time (America/Chicago)').waitFor()
    expect(await step(page, 'name').getAttribute('data-done')).toBe('false')
    expect(
      await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Reports' }).count(),
    ).toBe(1)

    // Renaming the organization: the toast never sits on the form's actions.
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Settings' }).click()
    await page.getByLabel('Organization Name').fill('Grace Chapel Chicago')
    const save = page.getByRole('button', { name: 'Save Settings' })
    await save.click()
    await page.getByText('Organization settings have been updated.').first().waitFor()
    await save.click({ trial: true, timeout: 2000 })
    await page.setViewportSize(PHONE)
    await save.scrollIntoViewIfNeeded()
    await save.click({ trial: true, timeout: 2000 })
    await page.setViewportSize({ width: 1280, height: 800 })

    // Back on the dashboard the steps done are ticked: the name, the zone confirmed, a member.
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Dashboard' }).click()
    await step(page, 'name').and(page.locator('[data-done="true"]')).waitFor()
    await checklist.getByRole('button', { name: 'That’s right' }).click()
    await step(page, 'zone').and(page.locator('[data-done="true"]')).waitFor()
    await addMember(page, { ...uniquePerson('staff'), department: 'Youth' })
    await page.reload()
    await step(page, 'member').and(page.locator('[data-done="true"]')).waitFor()
    await checklist.getByText('3 of 5 done').waitFor()
  })

  it('a declined week is fixed where its comments are, an approved one opens read-only, the dates agree, and zoe finds Zoë', async () => {
    const supervisor = await signedInSupervisor(newPage())
    // A zone whose calendar date differs from UTC's right now, as on an evening in the Americas:
    // a date cut from the UTC timestamp would then disagree.
    const hour = new Date().getUTCHours()
    const timeZone = hour < 10 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati'
    await api(supervisor, 'PUT', '/api/organization/settings', { organizationName: 'Grace Chapel', timeZone })
    const zoe = { ...uniquePerson('staff'), firstName: 'Zoë' }
    const credentials = await addMember(supervisor, { ...zoe, department: 'Youth' })

    const phone = await newPage(PHONE)
    await signInAsStaff(phone, credentials)
    const card = phone.getByRole('region', { name: 'Current Week Timesheet' })
    await card.getByRole('link', { name: 'Start Timesheet' }).click()
    await phone.getByRole('region', { name: 'Monday' }).getByRole('button', { name: /^9–5/ }).click()
    await phone.getByRole('button', { name: 'Submit Timesheet' }).click()
    await card.getByText('Pending Review').waitFor()

    // The same date on the staff card, in the supervisor's table, and on the organization's calendar.
    const sheet = await api<Timesheet>(phone, 'GET', '/api/timesheets/current-week')
    const shown = formatDate(dateInZone(sheet.submittedAt!, timeZone))
    expect(dateInZone(sheet.submittedAt!, timeZone)).not.toBe(sheet.submittedAt!.slice(0, 10))
    await card.getByText(`Submitted on ${shown}. Your supervisor will review it.`).waitFor()
    await supervisor.reload()
    const search = supervisor.getByRole('searchbox', { name: 'Search by employee name' })
    await search.fill('zoe')
    const row = supervisor.locator('tbody tr', { hasText: `Zoë ${zoe.lastName}` })
    await row.waitFor()
    expect(await supervisor.locator('tbody tr').count()).toBe(1)
    expect(await row.locator('td', { hasText: 'Submitted' }).textContent()).toContain(shown)

    // Declined with a comment: the member sees it, and the status, where the week is fixed.
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, {
      status: 'rejected',
      comments: 'Please add Tuesday',
    })
    await phone.reload()
    await card.getByText('Please add Tuesday').waitFor()
    await card.getByRole('link', { name: 'Open the full page' }).click()
    const declined = phone.getByRole('region', { name: 'Declined timesheet' })
    await declined.getByText('Please add Tuesday').waitFor()
    await declined.getByText('Rejected').waitFor()
    await phone.getByRole('region', { name: 'Tuesday' }).getByRole('button', { name: /^9–5/ }).click()
    await phone.getByRole('button', { name: 'Submit Timesheet' }).click()
    await card.getByText('Pending Review').waitFor()

    // Approved: the week opens read-only, with nothing offering to edit it.
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, { status: 'approved' })
    await phone.reload()
    await card.getByRole('button', { name: 'View Timesheet' }).waitFor()
    expect(await phone.getByRole('link', { name: 'Start Timesheet' }).count()).toBe(0)
    await phone.goto('/submit-timesheet')
    const monday = phone.getByRole('region', { name: 'Monday' })
    expect(await monday.getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00')
    expect(await monday.getByLabel('Start Time', { exact: true }).getAttribute('readonly')).not.toBeNull()
    expect(await phone.getByRole('button', { name: 'Submit Timesheet' }).count()).toBe(0)
    expect(await phone.getByRole('button', { name: 'Save Timesheet' }).count()).toBe(0)
  })
})
