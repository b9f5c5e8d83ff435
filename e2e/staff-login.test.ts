import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('staff login page', () => {
  it('refuses unknown credentials with the server’s message', async () => {
    const page = await newPage({ width: 375, height: 812 })
    await page.goto('/staff-login')
    await page.getByLabel('Username').fill(`nobody-${Date.now()}`)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect((await alert.textContent())?.trim()).toBe('Invalid username or password')
    expect(new URL(page.url()).pathname).toBe('/staff-login')
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true)
  })

  it('asks for both fields before sending anything', async () => {
    const page = await newPage()
    await page.goto('/staff-login')
    let posted = false
    page.on('request', (r) => {
      if (r.method() === 'POST') posted = true
    })
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Username is required').waitFor()
    expect(await page.getByText('Password is required').isVisible()).toBe(true)
    expect(posted).toBe(false)
  })

  it('signs a member in with the credentials their supervisor got, on a phone', async () => {
    const { staff: member, credentials } = await supervisorWithStaff(newPage, {
      department: 'Youth',
      role: 'volunteer',
    })

    const page = await newPage({ width: 375, height: 812 })
    await signInAsStaff(page, credentials)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.getByText('Volunteer', { exact: true }).first().isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // The session survives a reload: it is the server's cookie, not page state.
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()

    await page.getByRole('button', { name: `Account menu for ${member.firstName} ${member.lastName}` }).click()
    expect(await page.getByRole('menuitem', { name: 'Employees' }).count()).toBe(0)
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: `${member.firstName} ${member.lastName}` }).waitFor()
    expect(await page.getByText('Local Account').isVisible()).toBe(true)
    expect(await page.getByText(member.email.toLowerCase()).isVisible()).toBe(true)
  })
})
