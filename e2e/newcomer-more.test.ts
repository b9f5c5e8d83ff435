import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { seriousViolations } from './helpers/axe.ts'
import { signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

/**
 * More of what a newcomer tripped on (issue 37), on a 375 px phone: each journey failed before
 * its fix.
 */
const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

describe('the signed-in navigation on a phone (issue 37, item 8)', () => {
  it('opens every page of the header from a menu button, by keyboard, within the screen, and passes axe', async () => {
    const page = await newPage(PHONE)
    await signInAsSupervisor(page, uniquePerson('pastor'))
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
    expect(names).toEqual(['Dashboard', 'Employees', 'Reports', 'Settings', 'Payroll', 'Activity'])
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
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)

    // Arrow keys to Payroll, Enter goes there; the menu then marks Payroll as the current page.
    await page.keyboard.press('Enter')
    await menu.waitFor()
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/payroll')
    await button.click()
    expect(await menu.getByRole('menuitem', { name: 'Payroll' }).getAttribute('aria-current')).toBe('page')
    await menu.getByRole('menuitem', { name: 'Activity' }).click()
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor()
  })
})
