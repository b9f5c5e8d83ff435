import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DOUBLE_TIME_BELOW_OVERTIME, type PayrollSettings } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { makePayrollSettings } from '../../../test/payroll-fixtures.ts'
import { fieldValues, renderApp } from '../../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import '../../pages/SettingsPage.tsx'

afterEach(() => vi.unstubAllGlobals())

type Routes = Parameters<typeof mockFetch>[0]

/** Both settings endpoints share the week start, as the server's do (one stored value). */
const show = (extra: Routes = {}) => {
  let organization = {
    organizationName: 'Grace Chapel',
    logoUrl: null,
    timeZone: 'UTC',
    weekStartDay: 'monday',
    approvalEmails: true,
  }
  let payroll = makePayrollSettings()
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/organization/settings': () => ({ body: organization }),
    'GET /api/payroll/settings': () => ({ body: { ...payroll, weekStartDay: organization.weekStartDay } }),
    'PUT /api/payroll/settings': (init) => {
      const body = JSON.parse(String(init!.body)) as Partial<PayrollSettings>
      payroll = { ...payroll, ...body }
      if (body.weekStartDay) organization = { ...organization, weekStartDay: body.weekStartDay }
      return { body: { ...payroll, weekStartDay: organization.weekStartDay } }
    },
    ...extra,
  })
  const user = userEvent.setup()
  return { fetch, user, ...renderApp('/settings/payroll') }
}

const section = async () => within(await screen.findByRole('form', { name: 'Payroll settings' }, { timeout: 3000 }))
const puts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([url, init]) => init?.method === 'PUT' && String(url) === '/api/payroll/settings')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>)

describe('Settings → Payroll', () => {
  it('shows the saved payroll settings', async () => {
    show()
    const form = await section()
    const expected = {
      'Workweek starts on': 'monday',
      'Weekly overtime after (hours)': '40',
      'Daily overtime after (hours, optional)': '',
      'Daily double time after (hours, optional)': '',
      'Pay period': 'biweekly',
      'First day of a pay period': '2026-11-09',
      'ADP company code (optional)': '',
      'ADP batch ID (optional)': '',
      'Volunteer hour value (USD)': '33.49',
    }
    expect(fieldValues(form, Object.keys(expected))).toEqual(expected)
  })

  it('sends only what changed, and the organization’s week start follows', async () => {
    const { fetch, user } = show()
    const form = await section()
    await user.selectOptions(form.getByLabelText('Workweek starts on'), 'Sunday')
    await user.selectOptions(form.getByLabelText('Pay period'), 'Twice a month (1st and 16th)')
    await user.type(form.getByLabelText('ADP company code (optional)'), 'AB1')
    await user.click(form.getByRole('button', { name: 'Save Payroll Settings' }))
    expect(await screen.findByText('Payroll settings have been updated.')).toBeTruthy()
    expect(puts(fetch)).toEqual([{ weekStartDay: 'sunday', payPeriodFrequency: 'semimonthly', adpCompanyCode: 'AB1' }])
    // One stored value: the organization's own form (Settings → Organization) shows the new start too.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings pages' })).getByRole('link', { name: 'Organization' }),
    )
    await waitFor(() => expect((screen.getByLabelText('Week starts on') as HTMLSelectElement).value).toBe('sunday'))
  })

  it('turns a daily rule off with an empty field', async () => {
    const { fetch, user } = show({
      'GET /api/payroll/settings': { body: makePayrollSettings({ dailyOvertimeHours: 8 }) },
    })
    const form = await section()
    await user.clear(form.getByLabelText('Daily overtime after (hours, optional)'))
    await user.click(form.getByRole('button', { name: 'Save Payroll Settings' }))
    await waitFor(() => expect(puts(fetch)).toEqual([{ dailyOvertimeHours: null }]))
  })

  it('checks the values with the shared rules before sending', async () => {
    const { fetch, user } = show()
    const form = await section()
    const weekly = form.getByLabelText('Weekly overtime after (hours)')
    await user.clear(weekly)
    await user.click(form.getByRole('button', { name: 'Save Payroll Settings' }))
    expect(form.getByText('Weekly overtime threshold must be a number of hours')).toBeTruthy()
    expect(weekly.getAttribute('aria-invalid')).toBe('true')
    expect(weekly.getAttribute('aria-describedby')).toContain('payroll-weeklyOvertimeHours-error')
    expect(document.activeElement).toBe(weekly)
    // Editing a field clears its message.
    await user.type(weekly, '40')
    expect(form.queryByText('Weekly overtime threshold must be a number of hours')).toBeNull()

    await user.type(form.getByLabelText('Daily overtime after (hours, optional)'), '8')
    await user.type(form.getByLabelText('Daily double time after (hours, optional)'), '6')
    await user.click(form.getByRole('button', { name: 'Save Payroll Settings' }))
    expect(form.getByText(DOUBLE_TIME_BELOW_OVERTIME)).toBeTruthy()
    expect(puts(fetch)).toEqual([])
    // Reset goes back to the saved values.
    await user.click(form.getByRole('button', { name: 'Reset' }))
    expect((form.getByLabelText('Daily double time after (hours, optional)') as HTMLInputElement).value).toBe('')
    expect(form.queryByText(DOUBLE_TIME_BELOW_OVERTIME)).toBeNull()
    // Nothing is left to reset; Reset is held, not disabled, so it keeps the focus.
    const reset = form.getByRole('button', { name: 'Reset' }) as HTMLButtonElement
    expect(document.activeElement).toBe(reset)
    expect(reset.getAttribute('aria-disabled')).toBe('true')
    expect(reset.disabled).toBe(false)
  })

  it('shows the server’s field messages', async () => {
    const { user } = show({
      'PUT /api/payroll/settings': {
        status: 400,
        body: {
          message: 'Invalid request',
          fields: { adpBatchId: 'ADP batch id may only hold letters, digits, - and _' },
        },
      },
    })
    const form = await section()
    await user.type(form.getByLabelText('ADP batch ID (optional)'), 'B7')
    await user.click(form.getByRole('button', { name: 'Save Payroll Settings' }))
    expect(await form.findByText('ADP batch id may only hold letters, digits, - and _')).toBeTruthy()
    expect(form.getByLabelText('ADP batch ID (optional)').getAttribute('aria-invalid')).toBe('true')
  })

  it('says when the payroll settings cannot be loaded', async () => {
    show({ 'GET /api/payroll/settings': { status: 500, body: { message: 'Internal server error' } } })
    const payroll = within(await screen.findByRole('region', { name: 'Payroll' }, { timeout: 3000 }))
    expect(await payroll.findByText('Internal server error')).toBeTruthy()
    expect(payroll.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
