import { describe, expect, it } from 'vitest'
import { inboxUrl, useBrowser } from './browser.ts'
import { supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

interface StoredEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string }
}

describe('confirming an email address', () => {
  it('a member added with an email confirms it from the link on a phone; the Employees row stops saying it is not', async () => {
    const { supervisor, staff, staffName } = await supervisorWithStaff(newPage, { department: 'Music' })
    await supervisor.goto('/employees')
    const row = supervisor.locator('tbody tr', { hasText: staffName })
    await row.getByText('Waiting for email confirmation').waitFor()

    // The only email the address got is its confirmation.
    const store = (await (await fetch(new URL('store', inboxUrl()))).json()) as { emails: StoredEmail[] }
    const mine = store.emails.filter((e) => e.destination.to.includes(staff.email.toLowerCase()))
    expect(mine).toHaveLength(1)
    expect(mine[0]!.subject).toContain('added you to Ministry Timesheets')
    const link = /Confirm: (\S+)/.exec(mine[0]!.body.text!)![1]!

    // Opening the link only asks; the button confirms.
    const phone = await newPage({ width: 375, height: 812 })
    await phone.goto(link)
    await phone.getByRole('heading', { name: 'Confirm this is your address?' }).waitFor()
    const button = phone.getByRole('button', { name: 'Confirm my address' })
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    expect(box.height).toBeGreaterThanOrEqual(44)
    await button.click()
    await phone.getByRole('heading', { name: 'Email address confirmed' }).waitFor()

    await supervisor.reload()
    await row.getByText('Music').waitFor()
    expect(await row.getByText('Waiting for email confirmation').count()).toBe(0)

    // The link works once.
    await phone.goto(link)
    await phone.getByRole('heading', { name: 'This link was already used' }).waitFor()
  })
})
