import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { defaultTimeOffPolicies, type TimeOffPolicies } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import '../../pages/SettingsPage.tsx'

afterEach(clearToasts)

const show = () => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ id: 'sup-1', role: 'supervisor' }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/time-off/policies': { body: defaultTimeOffPolicies() },
    'PUT /api/time-off/policies': (init) => ({ body: JSON.parse(String(init!.body)) }),
    'GET /api/organization/holidays': { body: { holidays: [], blackouts: [] } },
  })
  return { fetch, user: userEvent.setup(), ...renderApp('/settings/time-off') }
}

describe('Eligible pay types (Settings → Time off)', () => {
  it('are the shared checkbox rows, each named by its pay type in a 44 px target, and are saved', async () => {
    const { fetch, user } = show()
    const sick = within(await screen.findByRole('group', { name: 'Sick leave' }, { timeout: 5000 }))
    const eligible = within(sick.getByRole('group', { name: 'Eligible pay types' }))
    const boxes = eligible.getAllByRole('checkbox')
    const names = ['Non-exempt (hourly)', 'Exempt (salaried)', 'Minister']
    for (const name of names) {
      const box = eligible.getByRole('checkbox', { name })
      expect((box as HTMLInputElement).checked).toBe(true)
      // CheckboxRow's tap target: the 44 x 44 area around the box.
      expect(box.parentElement!.getAttribute('data-testid')).toBe(`${box.id}-target`)
      expect(box.parentElement!.className).toContain('size-11')
    }
    expect(boxes).toHaveLength(names.length)

    await user.click(eligible.getByRole('checkbox', { name: 'Minister' }))
    expect((eligible.getByRole('checkbox', { name: 'Minister' }) as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Save policies' }))
    const put = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/time-off/policies') && init?.method === 'PUT',
    )
    const sent = JSON.parse(String(put![1]!.body)) as TimeOffPolicies
    expect(sent.policies.find((p) => p.kind === 'sick')!.eligiblePayTypes).toEqual(['non-exempt', 'exempt'])
    expect(sent.policies.find((p) => p.kind === 'vacation')!.eligiblePayTypes).toEqual([
      'non-exempt',
      'exempt',
      'minister',
    ])
  })
})
