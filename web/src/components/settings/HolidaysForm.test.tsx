import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { defaultTimeOffPolicies, type Campus, type HolidayCalendar } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import '../../pages/SettingsPage.tsx'

afterEach(clearToasts)

const north: Campus = { id: 'north', name: 'North', address: '', active: true }
const south: Campus = { id: 'south', name: 'South', address: '', active: true }

const show = (campuses: Campus[], calendar: HolidayCalendar) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/time-off/policies': { body: defaultTimeOffPolicies() },
    'GET /api/organization/campuses': { body: { campuses } },
    'GET /api/organization/holidays': { body: calendar },
    'PUT /api/organization/holidays': (init) => ({ body: JSON.parse(String(init!.body)) }),
    'GET /api/employees': { body: [] },
  })
  return { fetch, user: userEvent.setup(), ...renderApp('/settings/time-off') }
}
const holidaysForm = async () => within(await screen.findByRole('form', { name: 'Holidays and blackout dates' }))

describe('Holidays by campus (Settings → Time off)', () => {
  it("lists each holiday with its campus, and saves a campus's own holiday with its campusId", async () => {
    const { fetch, user } = show([north, south], {
      holidays: [
        { date: '2026-12-25', name: 'Christmas', hours: 8 },
        { date: '2026-12-26', name: 'South picnic', hours: 4, campusId: 'south' },
      ],
      blackouts: [],
    })
    const form = await holidaysForm()
    const campuses = await waitFor(() => {
      const found = form.getAllByLabelText<HTMLSelectElement>('Campus')
      expect(found).toHaveLength(2)
      return found
    })
    expect(campuses.map((c) => c.value)).toEqual(['', 'south'])
    expect(optionTexts(campuses[0]!)).toEqual(['Whole church', 'North', 'South'])
    await user.selectOptions(campuses[0]!, 'North')
    await user.click(form.getByRole('button', { name: 'Save holidays and blackout dates' }))
    await waitFor(() => expect(writes(fetch)).toHaveLength(1))
    expect(JSON.parse(String(writes(fetch)[0]![1]!.body))).toEqual({
      holidays: [
        { date: '2026-12-25', name: 'Christmas', hours: 8, campusId: 'north' },
        { date: '2026-12-26', name: 'South picnic', hours: 4, campusId: 'south' },
      ],
      blackouts: [],
    })
  })

  it('asks no campus in a church without campuses', async () => {
    const { fetch, user } = show([], { holidays: [{ date: '2026-12-25', name: 'Christmas', hours: 8 }], blackouts: [] })
    const form = await holidaysForm()
    await form.findByDisplayValue('Christmas')
    expect(form.queryByLabelText('Campus')).toBeNull()
    await user.click(form.getByRole('button', { name: 'Save holidays and blackout dates' }))
    await waitFor(() => expect(writes(fetch)).toHaveLength(1))
    expect(JSON.parse(String(writes(fetch)[0]![1]!.body))).toEqual({
      holidays: [{ date: '2026-12-25', name: 'Christmas', hours: 8 }],
      blackouts: [],
    })
  })

  it('lets its long Spanish buttons wrap on a phone instead of running past its edge', async () => {
    await i18next.changeLanguage('es')
    try {
      show([], { holidays: [], blackouts: [] })
      const form = within(await screen.findByRole('form', { name: 'Feriados y fechas bloqueadas' }))
      for (const name of [/^Agregar los feriados federales de EE\. UU\. de/, 'Guardar feriados y fechas bloqueadas']) {
        const button = form.getByRole('button', { name })
        expect(button.className).toContain('whitespace-normal')
        expect(button.className).not.toContain('whitespace-nowrap')
      }
      // A short label stays on one line.
      expect(form.getByRole('button', { name: 'Agregar feriado' }).className).toContain('whitespace-nowrap')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
