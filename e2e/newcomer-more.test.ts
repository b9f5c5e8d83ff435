import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, type ListedTimesheet, type OrganizationSettings } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { seriousViolations } from './helpers/axe.ts'
import { addMember, signedInSupervisor, signInAsStaff, supervisorWithStaff, uniquePerson } from './helpers/sign-in.ts'

/**
 * More of what a newcomer tripped on, on a 375 px phone: each journey failed before
 * its fix.
 */
const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

describe('the signed-in navigation on a phone', () => {
  it('opens every page of the header from a menu button, by keyboard, within the screen, and passes axe', async () => {
    const page = await signedInSupervisor(newPage(PHONE))
    const button = page.getByRole('button', { name: 'Menu', exact: true })
    await button.waitFor()
    expect(await button.getAttribute('aria-haspopup')).toBe('menu')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    // No link of the navigation hides off-screen in the header.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payroll' }).count()).toBe(0)

    // By keyboard: focus the button, Enter opens the menu with focus on its first item.
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Menu' })
    await menu.waitFor()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const names = await menu.getByRole('menuitem').allTextContents()
    expect(names).toEqual(['Dashboard', 'Employees', 'Reports', 'Settings', 'Payroll', 'Activity', 'Time off'])
    expect(await menu.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
    for (const item of await menu.getByRole('menuitem').all()) {
      const box = (await item.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    expect(await seriousViolations(page)).toEqual([])

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    // Radix gives focus back as its focus scope unmounts, a moment after the menu has left the page.
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true)

    // Arrow keys to Payroll, Enter goes there; the menu then marks Payroll as the current page.
    await page.keyboard.press('Enter')
    await menu.waitFor()
    // Radix moves focus to the first item once the menu has opened: arrows pressed before would be lost.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '')
    await expect.poll(focused).toBe('Dashboard')
    for (const next of ['Employees', 'Reports', 'Settings', 'Payroll']) {
      await page.keyboard.press('ArrowDown')
      await expect.poll(focused).toBe(next)
    }
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/payroll')
    await button.click()
    expect(await menu.getByRole('menuitem', { name: 'Payroll' }).getAttribute('aria-current')).toBe('page')
    await menu.getByRole('menuitem', { name: 'Activity' }).click()
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor()
  })
})

describe('bulk approve, to approve faster', () => {
  it('selects last week’s pending rows on a phone and approves them in one action, saying which failed and why', async () => {
    const { supervisor, credentials, staffName } = await supervisorWithStaff(newPage, { department: 'Youth' })
    await supervisor.setViewportSize(PHONE)
    const other = uniquePerson('staff')
    const otherName = `${other.firstName} ${other.lastName}`
    const member1 = await newPage(PHONE)
    await signInAsStaff(member1, credentials)
    const member2 = await newPage(PHONE)
    await signInAsStaff(member2, await addMember(supervisor, { ...other, department: 'Music' }))
    const org = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
    const lastWeek = addDays(currentWeekStart(org.timeZone, org.weekStartDay), -7)
    const week = (weekStartDate: string) => ({
      weekStartDate,
      mondayStart: '09:00',
      mondayEnd: '13:00',
      mondayActivity: 'Visits',
    })
    const a = await api<ListedTimesheet>(member1, 'POST', '/api/timesheets', week(lastWeek))
    const b = await api<ListedTimesheet>(member2, 'POST', '/api/timesheets', week(lastWeek))
    const older = await api<ListedTimesheet>(member2, 'POST', '/api/timesheets', week(addDays(lastWeek, -7)))

    await supervisor.goto('/')
    const card = supervisor.getByRole('region', { name: 'Pending Review' })
    await card.getByRole('button', { name: /^Everyone/ }).click()
    await card.getByRole('checkbox').nth(2).waitFor()
    await card.getByRole('button', { name: 'Select last week’s (2)' }).click()
    const checked = async () =>
      (await Promise.all((await card.getByRole('checkbox').all()).map((c) => c.isChecked()))).filter(Boolean).length
    expect(await checked()).toBe(2)
    // The older week joins by hand.
    await card
      .getByRole('checkbox', { name: new RegExp(`^Select ${otherName}'s timesheet for the week of`) })
      .last()
      .check()
    expect(await checked()).toBe(3)
    // Meanwhile another decision declines one of them: it fails, the others are approved.
    await api(supervisor, 'PATCH', `/api/timesheets/${b.id}/status`, { status: 'rejected', comments: 'Add Tuesday' })
    const approve = card.getByRole('button', { name: 'Approve selected (3)' })
    const box = (await approve.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    await approve.click()
    const result = card.getByRole('status')
    await result.getByText('Approved 2 timesheets.').waitFor()
    expect(await result.getByText('1 was not approved:').isVisible()).toBe(true)
    expect(await result.getByRole('listitem').textContent()).toMatch(
      new RegExp(`^${otherName}'s timesheet for the week of .+: .+`),
    )
    expect(await seriousViolations(supervisor)).toEqual([])

    // Each approval is its own decision with its own record.
    for (const id of [a.id, older.id]) {
      const history = await api<{ action: string }[]>(supervisor, 'GET', `/api/timesheets/${id}/history`)
      expect(history.filter((h) => h.action === 'timesheet.approved')).toHaveLength(1)
    }
    expect(await card.getByRole('checkbox').count()).toBe(0)
    void staffName
  })
})
