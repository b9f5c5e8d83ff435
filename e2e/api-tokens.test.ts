import { describe, expect, it } from 'vitest'
import { appUrl, useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** A call from outside the browser, as curl makes it: no cookie, only the token. */
const withToken = (token: string, path: string) =>
  fetch(`${appUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } })

describe('Settings → API', () => {
  it('a supervisor makes a token (its secret shown once), a system lists timesheets with it, and revoking stops it', async () => {
    const { supervisor, credentials } = await supervisorWithStaff(newPage, { department: 'Youth' })
    const member = await newPage()
    await signInAsStaff(member, credentials)
    const sheet = await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' })

    await supervisor.goto('/settings')
    const section = supervisor.getByRole('region', { name: 'API' })
    await section.getByText('No API tokens yet.').waitFor()
    await section.getByLabel('Name').fill('Planning Center sync')
    await section.getByRole('checkbox', { name: /timesheets:read/ }).check()
    await section.getByRole('button', { name: 'Create API token' }).click()
    const secret = (await section.getByTestId('new-api-token').textContent())!.trim()
    expect(secret).toMatch(/^mtk_/)
    await section.getByText('Created').first().waitFor()
    await expectAccessible(supervisor, 'Settings → API with a new token')

    // The first call with curl, as /developers shows it.
    const listed = await withToken(secret, '/api/timesheets?status=pending')
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toContain(sheet.id)
    const members = await withToken(secret, '/api/employees')
    expect(members.status).toBe(403)
    expect(await members.text()).toContain('members:read')

    // Shown once: after a reload the list has the token, never its secret, with when it was last used.
    await supervisor.reload()
    const row = section.getByRole('listitem').filter({ hasText: 'Planning Center sync' })
    await row.waitFor()
    expect(await supervisor.content()).not.toContain(secret)
    expect(await row.textContent()).not.toContain('Last used never')

    supervisor.once('dialog', (d) => void d.accept())
    await row.getByRole('button', { name: 'Revoke Planning Center sync' }).click()
    await section.getByText('No API tokens yet.').waitFor()
    expect((await withToken(secret, '/api/timesheets')).status).toBe(401)

    const audit = await api<{ items: { action: string }[] }>(supervisor, 'GET', '/api/audit')
    expect(audit.items.map((e) => e.action)).toEqual(expect.arrayContaining(['apiToken.created', 'apiToken.revoked']))

    // The reference, readable, names the scope of the call just made.
    await supervisor.goto('/developers')
    await supervisor.getByRole('heading', { name: 'Your first call with curl' }).waitFor()
    const op = supervisor.getByRole('article', { name: 'GET /api/timesheets', exact: true })
    await op.getByText('API token: timesheets:read').waitFor()
    await expectAccessible(supervisor, 'the /developers page')
  })
})
