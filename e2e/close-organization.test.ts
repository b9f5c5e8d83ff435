import type { OrganizationSettings } from '@app/core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { api, call } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }
const CLOSED = 'This organization is closed'

describe('Settings → Data → Close this organization', () => {
  it('on a 375 px phone a supervisor closes the church with its exact name; everyone sees only the closed screen until a supervisor reopens it', async () => {
    const { supervisor, member } = await supervisorWithSignedInStaff(newPage, { department: 'Custodial' })
    const { organizationName: name } = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')

    await supervisor.setViewportSize(PHONE)
    await supervisor.goto('/settings/data')
    const data = supervisor.getByRole('region', { name: 'Data' })
    const confirm = data.getByLabel(`Type ${name} to confirm`)
    // A name that is not the church's exact one closes nothing, and says so on the field.
    await confirm.fill(`${name} `)
    await data.getByRole('button', { name: 'Close this organization' }).click()
    await data.getByText("Type the organization's exact name to close it").waitFor()
    expect(await confirm.getAttribute('aria-invalid')).toBe('true')
    expect((await call(member, 'GET', '/api/timesheets')).status).toBe(200)

    await confirm.fill(name)
    await data.getByRole('button', { name: 'Close this organization' }).click()
    await supervisor.getByRole('heading', { name: CLOSED }).waitFor()
    const reopen = supervisor.getByRole('button', { name: 'Reopen the organization' })
    await reopen.waitFor()
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(supervisor, 'the closed organization at 375 px (supervisor)')

    // The member is refused at once: the API answers 403, and the app shows only the closed screen, without Reopen.
    const refused = await call<{ message: string }>(member, 'GET', '/api/timesheets')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(CLOSED)
    await member.setViewportSize(PHONE)
    await member.goto('/')
    await member.getByRole('heading', { name: CLOSED }).waitFor()
    expect(await member.getByRole('button', { name: 'Reopen the organization' }).count()).toBe(0)
    expect(await member.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0)

    // Reopened, both are back where they were.
    await reopen.click()
    await supervisor.getByRole('heading', { name: CLOSED }).waitFor({ state: 'detached' })
    expect((await call(member, 'GET', '/api/timesheets')).status).toBe(200)
    await member.reload()
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor()
  })
})
