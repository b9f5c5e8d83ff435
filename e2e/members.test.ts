import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { collectErrors } from './helpers/page-errors.ts'
import { signedInSupervisor, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'
import { fillAddMember } from './helpers/members.ts'

const { newPage } = useBrowser()

/** A 1x1 PNG: real PNG bytes, which the server checks by content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

describe('member management and organization settings', () => {
  it('a supervisor adds a volunteer in the UI, and the volunteer signs in with the credentials shown', async () => {
    const page = await signedInSupervisor(newPage())
    const errors = collectErrors(page) // from here on: the app's own pages
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employees' }).click()
    await page.getByRole('heading', { name: 'Member Management' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/employees')

    const volunteer = uniquePerson('volunteer')
    const dialog = await fillAddMember(page, volunteer, 'Youth')
    await dialog.getByLabel('Role').selectOption({ label: 'Volunteer' })
    await dialog.getByRole('button', { name: 'Add Member' }).click()

    await page.getByRole('heading', { name: 'Member Added' }).waitFor()
    const username = (await page.getByTestId('new-member-username').textContent())!.trim()
    const password = (await page.getByTestId('new-member-password').textContent())!.trim()
    expect(username.length).toBeGreaterThan(2)
    expect(password.length).toBeGreaterThanOrEqual(12)
    const toastText = `Staff member added! Username: ${username}, Password: ${password}`
    expect(await page.getByText(toastText).first().isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Done' }).click()

    const name = `${volunteer.firstName} ${volunteer.lastName}`
    const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: name })
    await row.waitFor()
    expect(await row.getByText('Volunteer', { exact: true }).isVisible()).toBe(true)
    expect(await row.getByText('Active', { exact: true }).isVisible()).toBe(true)

    // The mail icon copies instructions with the staff login address and the username, no password.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await row.getByRole('button', { name: `Copy login instructions for ${name}` }).click()
    await page.getByText('Instructions Copied').first().waitFor()
    const instructions = await page.evaluate(() => navigator.clipboard.readText())
    expect(instructions).toContain(`${new URL(page.url()).origin}/staff-login`)
    expect(instructions).toContain(`Username: ${username}`)
    expect(instructions).not.toContain(password)

    // On a phone the members are stacked cards, with nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByRole('list', { name: 'Members' }).getByText(name).waitFor()
    expect(await page.getByRole('table', { name: 'Members' }).isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])

    // The volunteer, in a browser of their own.
    const staffPage = await newPage({ width: 375, height: 812 })
    await signInAsStaff(staffPage, { username, password })
    expect(new URL(staffPage.url()).pathname).toBe('/')
    expect(await staffPage.getByText('Volunteer', { exact: true }).first().isVisible()).toBe(true)

    // ...who may not manage members.
    await staffPage.goto('/employees')
    await staffPage.getByRole('heading', { name: 'Access Denied' }).waitFor()
    await staffPage.waitForURL((url) => url.pathname === '/')
  })

  it('a supervisor uploads a PNG logo on /settings and the header shows it', async () => {
    const page = await newPage()
    const pastor = uniquePerson('pastor')
    await signInAsSupervisor(page, pastor)
    const errors = collectErrors(page)
    await page.goto('/settings')
    await page.getByRole('heading', { name: 'Organization Settings', level: 1 }).waitFor()

    const header = page.getByRole('banner')
    // The product's own logo, inside the page (web/src/lib/product.ts).
    expect(await header.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)

    await page.getByLabel('Upload Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByText('Logo Uploaded').first().waitFor()
    const logo = header.locator('img[src^="/api/logos/"]')
    await logo.waitFor()
    const src = (await logo.getAttribute('src'))!
    expect(src).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\/logo-[0-9a-f]{16}\.png$/)
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
    // The field shows the uploaded file, not its internal path.
    expect(await page.getByLabel('Logo URL (Optional)').inputValue()).toBe('')
    expect(await page.getByTestId('uploaded-logo').locator('img').getAttribute('src')).toBe(src)

    // The name too: save a new one and the header follows; a reload shows both from the server.
    const organizationName = `Grace Chapel ${pastor.lastName}`
    await page.getByLabel('Organization Name').fill(organizationName)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await page.getByText('Organization settings have been updated.').first().waitFor()
    await header.getByText(organizationName).waitFor()
    await page.reload()
    await header.getByText(organizationName).waitFor()
    expect(await header.locator('img').getAttribute('src')).toBe(src)

    // On a phone the form fits the screen.
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByLabel('Organization Name').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])
  })
})
