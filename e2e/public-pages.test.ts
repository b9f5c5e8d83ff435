import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('public pages', () => {
  it('the landing page shows its actions', async () => {
    const page = await newPage()
    await page.goto('/')
    const supervisor = page.getByRole('link', { name: 'Supervisor Login' })
    await supervisor.waitFor()
    expect(await supervisor.getAttribute('href')).toBe('/api/login')
    expect(await page.getByRole('link', { name: 'Staff Login', exact: true }).getAttribute('href')).toBe('/staff-login')
    expect(await page.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing')
    expect(await page.getByRole('link', { name: 'Demo', exact: true }).getAttribute('href')).toBe('/demo')
    expect(await page.getByRole('link', { name: 'Staff Guide', exact: true }).getAttribute('href')).toBe('/staff-guide')
    expect(await page.getByText('Simple time tracking for church teams').isVisible()).toBe(true)

    await page.getByRole('link', { name: 'Staff Login', exact: true }).click()
    await page.getByRole('heading', { name: 'Staff Login', exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/staff-login')
  })

  it('an unknown path shows the 404 page', async () => {
    const page = await newPage()
    await page.goto('/no-such-page')
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true)
  })

  it('the pricing toggle switches between monthly and annual prices', async () => {
    const page = await newPage()
    await page.goto('/pricing')
    const starter = page.getByRole('group', { name: 'Starter' })
    await starter.getByText('$17', { exact: true }).waitFor()
    expect(await page.getByRole('group', { name: 'Professional' }).getByText('$37', { exact: true }).isVisible()).toBe(
      true,
    )

    await page.getByRole('radio', { name: /Annual/ }).click()
    await starter.getByText('$164', { exact: true }).waitFor()
    expect(await page.getByRole('group', { name: 'Enterprise' }).getByText('$644', { exact: true }).isVisible()).toBe(
      true,
    )
    expect(await starter.getByText('$17', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Choose Professional' }).getAttribute('href')).toBe(
      '/subscribe?plan=price_professional_yearly',
    )

    await page.getByRole('radio', { name: 'Monthly' }).click()
    await starter.getByText('$17', { exact: true }).waitFor()
    expect(await page.title()).toBe('Pricing · Ministry Timesheets')
  })

  it('the landing page fits a 375 px wide phone without horizontal scrolling', async () => {
    const page = await newPage({ width: 375, height: 812 })
    for (const path of ['/', '/pricing', '/staff-login', '/staff-guide', '/auth-guide']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, path).toBeLessThanOrEqual(375)
    }
  })

  it('loads the built app with no console errors and within the content security policy', async () => {
    const page = await newPage()
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto('/pricing')
    await page.getByRole('heading', { name: 'All Plans Include' }).waitFor()
    // The signed-out session check answers 401; browsers log that failed request as an error.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([])
  })
})

describe('signed-in shell', () => {
  it('shows a supervisor the header, navigation and menu, the profile, and signs out', async () => {
    const page = await newPage({ width: 375, height: 812 })
    const supervisor = uniquePerson('pastor')
    await signInAsSupervisor(page, supervisor)
    const name = `${supervisor.firstName} ${supervisor.lastName}`

    // The signed-in frame (its own chunk, and its texts' namespace) may come a moment after the page.
    await page.getByText('Virtual Executive Pastor').waitFor()
    expect(await page.getByText('Virtual Executive Pastor').isVisible()).toBe(true)
    // At 375 px the header's links live in the Menu button.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    expect(await page.getByRole('menuitem', { name: 'Employees' }).getAttribute('href')).toBe('/employees')
    expect(await page.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings')
    await page.keyboard.press('Escape')
    expect(await page.getByText('Supervisor', { exact: true }).first().isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.getByRole('button', { name: `Account menu for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.getByRole('heading', { name }).waitFor()
    await page.getByText('External Provider Account').waitFor()
    expect(await page.getByText('External Provider Account').isVisible()).toBe(true)
    expect(await page.getByText(supervisor.email).isVisible()).toBe(true)

    // The session is a cookie the server keeps: a reload stays signed in.
    await page.reload()
    await page.getByRole('heading', { name }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/profile')

    await page.getByRole('button', { name: `Account menu for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.getByRole('link', { name: 'Supervisor Login' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await page.goto('/profile')
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
  })
})
