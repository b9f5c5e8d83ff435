import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

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

  it('keeps a member signed in on their phone, lists it on the Profile, and signs it out from elsewhere', async () => {
    const { credentials } = await supervisorWithStaff(newPage, { department: 'Kitchen', role: 'employee' })
    const phone = await newPage({ width: 375, height: 812 }, { userAgent: ANDROID })
    await phone.goto('/staff-login')
    await phone.getByLabel('Username').fill(credentials.username)
    await phone.getByLabel('Password').fill(credentials.password)
    await phone.getByRole('checkbox', { name: 'Keep me signed in on this phone' }).check()
    await phone.getByRole('button', { name: 'Sign In' }).click()
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const cookie = (await phone.context().cookies()).find((c) => c.name === 'sid')!
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(360 * 86400)

    await phone.goto('/profile')
    await phone.getByText('Chrome on Android').waitFor()
    expect(await phone.getByText('This phone', { exact: true }).isVisible()).toBe(true)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // An ordinary sign-in elsewhere sees the phone (not as itself) and signs it out at once.
    const laptop = await newPage()
    await signInAsStaff(laptop, credentials)
    await laptop.goto('/profile')
    await laptop.getByRole('button', { name: 'Sign out Chrome on Android' }).click()
    await laptop.getByText('Chrome on Android is no longer signed in.', { exact: true }).waitFor()
    await laptop.getByText('No phone is kept signed in.').waitFor()
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401)
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(200)
  })
})
