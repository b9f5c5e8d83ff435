import { describe, expect, it } from 'vitest'
import { messages } from '@app/core'
import { useBrowser } from './browser.ts'
import { chooseStatus } from './helpers/decisions.ts'
import { submitStaffLogin, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

const DEMO_NOTICE = 'You are exploring a read-only demo. Changes are not saved.'

describe('the read-only demo', () => {
  it('a visitor explores the demo as a supervisor, cannot change anything, then as a staff member', async () => {
    const page = await newPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Demo', exact: true }).click()
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/demo')
    expect(await page.getByText('Demo: Grace Community Church').isVisible()).toBe(true)

    // As the demo organization's supervisor: the dashboard with its sample submissions.
    await page.getByRole('link', { name: 'Explore as a supervisor' }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    const notice = page.getByRole('region', { name: 'Demo' })
    await notice.getByText(DEMO_NOTICE).waitFor()
    await page.getByRole('banner').getByText('Demo: Grace Community Church').waitFor()
    expect(await page.getByLabel('Your role: Supervisor').isVisible()).toBe(true)
    await page.locator('tbody tr').first().waitFor()
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(3)

    // Trying an approval: the server's read-only message, and nothing changes.
    await chooseStatus(page, 'Pending')
    const approve = page
      .locator('tbody tr')
      .getByRole('button', { name: /^Approve / })
      .first()
    await approve.waitFor()
    const label = (await approve.getAttribute('aria-label'))!
    await approve.click()
    const dialog = page.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByText(messages.demoReadOnly).first().waitFor()
    expect(await page.getByText('Timesheet approved! CSV file is ready for download.').count()).toBe(0)
    expect(await dialog.isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.reload()
    await chooseStatus(page, 'Pending')
    await page.getByRole('button', { name: label, exact: true }).waitFor()

    // The staff view: back to /demo from the notice's Switch role, and in as a staff member.
    await notice.getByRole('link', { name: 'Switch role' }).click()
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor()
    await page.getByRole('link', { name: 'Explore as a staff member' }).click()
    await page.getByLabel('Your role: Staff Member').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await notice.getByText(DEMO_NOTICE).waitFor()
    expect(await page.getByRole('link', { name: 'Employees' }).count()).toBe(0)
    await page.locator('tbody tr').first().waitFor()
    expect(await notice.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/api/login')

    // Their week cannot be saved either: the same message, and they stay on the form.
    await page
      .getByRole('link', { name: /^(Start Timesheet|Open the full page)$/ })
      .first()
      .click()
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()
    await page.getByRole('button', { name: 'Save Timesheet' }).click()
    await page.getByText(messages.demoReadOnly).first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/submit-timesheet')
  })
})

describe('signed-out and reset logins', () => {
  it('a signed-out visit to /submit-timesheet ends on /staff-login', async () => {
    const page = await newPage()
    // The toast shows for 500 ms before the page is left: a poll from outside can miss it on a loaded
    // machine, so the page itself notes it (the tab's sessionStorage outlives the navigation).
    const TOAST = 'You are logged out. Logging in again...'
    await page.addInitScript((text) => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text)) sessionStorage.setItem('toastSeenOn', location.pathname)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    }, TOAST)
    await page.goto('/submit-timesheet')
    await page.waitForURL((url) => url.pathname === '/staff-login')
    await page.getByRole('heading', { name: 'Staff Login', exact: true }).waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('toastSeenOn'))).toBe('/submit-timesheet')
  })

  it('a supervisor resets a staff member’s password: the new one signs in, the old one no longer does', async () => {
    const { supervisor, staffName, credentials: old } = await supervisorWithStaff(newPage, { department: 'Worship' })

    // The staff member is signed in somewhere already.
    const member = await newPage({ width: 375, height: 812 })
    await submitStaffLogin(member, old)
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor()

    await supervisor.goto('/employees')
    const row = supervisor.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: staffName })
    await row.getByRole('button', { name: `Reset password for ${staffName}` }).click()
    const confirm = supervisor.getByRole('alertdialog', { name: 'Reset password?' })
    await confirm.getByText(/signed out everywhere/).waitFor()
    await confirm.getByRole('button', { name: 'Reset Password' }).click()
    const dialog = supervisor.getByRole('dialog', { name: 'Password Reset' })
    await dialog.waitFor()
    const username = (await dialog.getByTestId('reset-username').textContent())!.trim()
    const password = (await dialog.getByTestId('reset-password').textContent())!.trim()
    expect(username).toBe(old.username)
    expect(password).not.toBe(old.password)
    expect(password.length).toBeGreaterThanOrEqual(12)
    const toast = `Password reset! Username: ${username}, Password: ${password}`
    await supervisor.getByText(toast).first().waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Their open session ended with the reset.
    await member.reload()
    await member.getByRole('link', { name: 'Staff Login', exact: true }).waitFor()
    expect(await member.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0)

    // The old password is refused; the new one signs in.
    await submitStaffLogin(member, old)
    const alert = member.getByRole('alert')
    await alert.waitFor()
    expect((await alert.textContent())?.trim()).toBe('Invalid username or password')
    await submitStaffLogin(member, { username, password })
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(new URL(member.url()).pathname).toBe('/')
  })
})
