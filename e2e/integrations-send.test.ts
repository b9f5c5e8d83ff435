import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, formatDate, type ListedTimesheet, type OrganizationSettings } from '@app/core'
import { E2E_QUICKBOOKS } from '../test/vendors/e2e-vendors.ts'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()

const [dana, eli] = E2E_QUICKBOOKS.employees

describe('sending a closed pay period to QuickBooks Online', () => {
  it('at 375 px: connect through the authorization server, match, preview, send, and the status', async () => {
    // A biweekly period of the two whole weeks before this one, approved and closed.
    const supervisor = await newPage(PHONE)
    const pastor = uniquePerson('pastor')
    await signInAsSupervisor(supervisor, pastor)
    const org = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
    const week1 = addDays(currentWeekStart(org.timeZone, org.weekStartDay), -14)
    const week2 = addDays(week1, 7)
    const periodName = `${formatDate(week1)} - ${formatDate(addDays(week2, 6))}`
    await api(supervisor, 'PUT', '/api/payroll/settings', { payPeriodFrequency: 'biweekly', payPeriodAnchor: week1 })
    const person = uniquePerson('nora')
    const name = `${person.firstName} ${person.lastName}`
    const staff = await newPage(PHONE)
    await signInAsStaff(staff, await addMember(supervisor, { ...person, department: 'Office' }))
    // Week 1: five 9-hour days (45 hours: 5 of overtime); week 2: one 8-hour day.
    const long = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((d) => [
        [`${d}Start`, '08:00'],
        [`${d}End`, '17:00'],
      ]),
    )
    for (const [week, days] of [
      [week1, long],
      [week2, { mondayStart: '09:00', mondayEnd: '17:00' }],
    ] as const) {
      const sheet = await api<ListedTimesheet>(staff, 'POST', '/api/timesheets', { weekStartDate: week, ...days })
      await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, { status: 'approved' })
    }
    await api(supervisor, 'POST', `/api/payroll/periods/${week1}/close`, {})

    // Settings → Integrations: Connect goes to Intuit's consent page (the double consents at once)
    // and comes back connected.
    await supervisor.goto('/settings/integrations')
    await supervisor.getByRole('button', { name: 'Connect QuickBooks Online' }).click()
    await supervisor.getByText('QuickBooks Online is connected.').waitFor()
    expect(new URL(supervisor.url()).pathname).toBe('/settings/integrations')
    expect(await supervisor.getByTestId('integration-status-quickbooks').textContent()).toBe('Connected')

    // Matching: neither the pastor nor the new member is matched (no QuickBooks employee has their
    // email or name); the pickers match them to Eli Moss's and Dana Reyes's QuickBooks records.
    await supervisor.getByRole('button', { name: 'Match people for QuickBooks Online' }).click()
    const form = supervisor.getByRole('form', { name: 'Matching with QuickBooks Online' })
    const unmatched = form.getByTestId('matching-quickbooks-unmatched')
    await unmatched.waitFor()
    const pastorName = `${pastor.firstName} ${pastor.lastName}`
    expect((await unmatched.getByRole('listitem').allTextContents()).sort()).toEqual([name, pastorName].sort())
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'Settings → Integrations with the QuickBooks matching')
    await form
      .getByLabel(`QuickBooks Online employee for ${name}`)
      .selectOption({ label: `${dana!.GivenName} ${dana!.FamilyName} · ${dana!.email}` })
    await form
      .getByLabel(`QuickBooks Online employee for ${pastorName}`)
      .selectOption({ label: `${eli!.GivenName} ${eli!.FamilyName}` })
    await form.getByRole('button', { name: 'Save matching for QuickBooks Online' }).click()
    await toast(supervisor, 'Matching saved').waitFor()
    await form.getByText('Every member is matched.').waitFor()
    expect(await form.getByLabel(`QuickBooks Online employee for ${name}`).locator('xpath=..').textContent()).toContain(
      'Chosen by a supervisor',
    )

    // The Payroll page: the closed period's QuickBooks panel previews exactly what is sent.
    await supervisor.goto('/payroll')
    const period = supervisor.getByRole('region', { name: periodName })
    await period.getByRole('button', { name: 'Preview for QuickBooks Online' }).click()
    const preview = period.getByRole('region', { name: `What Send to QuickBooks Online sends for ${periodName}` })
    const row = preview.getByRole('row').filter({ hasText: name })
    await row.waitFor()
    const cell = (label: string) => row.getByRole('cell').filter({ hasText: label })
    expect(await cell('Regular hours').textContent()).toBe('Regular hours48.00')
    expect(await cell('Overtime hours').textContent()).toBe('Overtime hours5.00')
    expect(await period.getByText('Not sent:').count()).toBe(0)
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'the Payroll page with the QuickBooks preview')

    // Send: queued, then sent by the send job; the status says what QuickBooks got.
    await period.getByRole('button', { name: 'Send to QuickBooks Online' }).click()
    const status = period.getByRole('status', { name: 'Last send to QuickBooks Online' })
    await status.getByText(/^Sent to QuickBooks Online/).waitFor({ timeout: 60_000 })
    expect(await status.textContent()).toMatch(/Time activities: \d+ created, 0 updated, 0 deleted, 0 unchanged\./)
    expect(await status.textContent()).not.toContain('Changed since sent')
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'the Payroll page after a send to QuickBooks')
  })
})
