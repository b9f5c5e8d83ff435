import { describe, expect, it } from 'vitest'
// IndexedDB, which jsdom lacks (the offline save keeps the week there).
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import userEvent from '@testing-library/user-event'
import type { PayType, TimesheetAnswer } from '@app/core'
import { makeCode } from '../../../test/allocation-fixtures.ts'
import { mockFetch, writes, type MockAnswer } from '../../../test/fetch-mock.ts'
import { makeUser } from '../../../test/fixtures.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'
import { makeTimesheet, openOffline } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { queuedSaves } from '../../offline/offline-db.ts'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'

onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])

const CODES = [makeCode('youth', 'Youth (Grant A)'), makeCode('admin', 'Administration'), makeCode('music', 'Music')]
const WEEK = { mondayStart: '09:00', mondayEnd: '17:00', tuesdayStart: '09:00', tuesdayEnd: '17:00' }

type Handler = MockAnswer | ((init: RequestInit | undefined) => MockAnswer)
const serve = (payType: PayType, routes: Record<string, Handler> = {}) =>
  mockFetch({
    'GET /api/organization/allocation-codes': { body: { codes: CODES } },
    'GET /api/auth/user': { body: makeUser({ role: 'employee', payType, defaultCode: 'youth' }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
    },
    ...routes,
  })
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const openDialog = (sheet: TimesheetAnswer) =>
  renderApp('/', <WeeklyTimesheetDialog timesheet={sheet} timeZone="UTC" open onOpenChange={() => {}} />)
const OPEN = 'Split the week by percent'
const LEGEND = 'Split of the week by percent'

describe('the week split by percent, in the weekly dialog', () => {
  it('is offered to an exempt member; the rest goes to the default code as they type, and the save carries it', async () => {
    const fetchMock = serve('exempt', {
      'PUT /api/timesheets/draft/7': (init) => ({ body: makeTimesheet({ ...bodyOf(init), id: 7, version: 4 }) }),
    })
    const user = userEvent.setup()
    openDialog(makeTimesheet({ id: 7, ...WEEK }))
    await user.click(await screen.findByRole('button', { name: OPEN }))
    const group = within(screen.getByRole('group', { name: LEGEND }))
    // The default code is not offered: it takes the rest.
    expect(optionTexts(group.getByLabelText('Ministry or fund 1 of the week'))).toEqual(['Administration', 'Music'])
    await user.type(group.getByLabelText('Percent for ministry or fund 1 of the week'), '60')
    expect(group.getByText('The rest, 40 %, goes to Youth (Grant A). Adds up to 100 %.')).toBeTruthy()
    // A week split by percent has no day split on offer (the server takes one or the other).
    expect(screen.queryByRole('button', { name: /^Split Monday/ })).toBeNull()

    await user.click(group.getByRole('button', { name: 'Add a line' }))
    await user.type(group.getByLabelText('Percent for ministry or fund 2 of the week'), '50')
    expect(group.getByRole('alert').textContent).toBe('The percents add up to 110 %, more than 100 %.')
    expect(group.getByLabelText('Percent for ministry or fund 2 of the week').getAttribute('aria-invalid')).toBe('true')
    await user.clear(group.getByLabelText('Percent for ministry or fund 2 of the week'))
    await user.type(group.getByLabelText('Percent for ministry or fund 2 of the week'), '15')
    expect(group.queryByRole('alert')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1))
    expect(bodyOf(writes(fetchMock)[0]![1]).weekAllocationPercent).toEqual([
      { code: 'admin', percent: 60 },
      { code: 'music', percent: 15 },
      { code: 'youth', percent: 25 },
    ])
  })

  it('shows the server’s 400 on the field', async () => {
    serve('minister', {
      'PUT /api/timesheets/draft/7': {
        status: 400,
        body: {
          message: 'The week names a ministry or fund that does not exist or is inactive',
          fields: {
            weekAllocationPercent: 'The week names a ministry or fund that does not exist or is inactive',
          },
        },
      },
    })
    const user = userEvent.setup()
    openDialog(makeTimesheet({ id: 7, ...WEEK }))
    await user.click(await screen.findByRole('button', { name: OPEN }))
    const group = within(screen.getByRole('group', { name: LEGEND }))
    await user.type(group.getByLabelText('Percent for ministry or fund 1 of the week'), '30')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await group.findByText('The week names a ministry or fund that does not exist or is inactive')).toBeTruthy()
    expect(group.getByLabelText('Percent for ministry or fund 1 of the week').getAttribute('aria-invalid')).toBe('true')
  })

  it('is not offered to a non-exempt member, nor while a day is split; a stored one shows on a locked week', async () => {
    serve('non-exempt')
    const first = openDialog(makeTimesheet({ id: 7, ...WEEK }))
    expect(await screen.findByRole('button', { name: 'Split Monday among ministries and funds' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull()
    first.unmount()

    serve('exempt')
    const second = openDialog(
      makeTimesheet({ id: 7, ...WEEK, mondayAllocations: [{ code: 'admin', minutes: 480 }] } as never),
    )
    expect(await screen.findByRole('group', { name: 'Split of Monday' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull()
    second.unmount()

    serve('exempt')
    openDialog(
      makeTimesheet({
        id: 7,
        status: 'approved',
        ...WEEK,
        weekAllocationPercent: [
          { code: 'admin', percent: 60 },
          { code: 'youth', percent: 40 },
        ],
      } as never),
    )
    expect(await screen.findByText('Administration 60 % · Youth (Grant A) 40 %')).toBeTruthy()
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull()
  })

  it('offline, refuses on the device what the server would refuse, on the field, and keeps nothing', async () => {
    const fetchMock = serve('exempt')
    const user = userEvent.setup()
    openOffline(openDialog, makeTimesheet({ id: 4343, employeeId: 'percent-member', ...WEEK }))
    await user.click(await screen.findByRole('button', { name: OPEN }))
    const group = within(screen.getByRole('group', { name: LEGEND }))
    await user.type(group.getByLabelText('Percent for ministry or fund 1 of the week'), '12.5')
    expect(group.getByRole('alert').textContent).toBe('Use whole percents from 1 to 100.')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await group.findByText('Percent must be a whole number')).toBeTruthy()
    expect(await queuedSaves('percent-member')).toEqual([])
    expect(writes(fetchMock)).toEqual([])

    // A week that adds up is kept on the device, its percents with it.
    await user.clear(group.getByLabelText('Percent for ministry or fund 1 of the week'))
    await user.type(group.getByLabelText('Percent for ministry or fund 1 of the week'), '20')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await waitFor(async () => expect(await queuedSaves('percent-member')).toHaveLength(1))
    expect((await queuedSaves('percent-member'))[0]!.days.weekAllocationPercent).toEqual([
      { code: 'admin', percent: 20 },
      { code: 'youth', percent: 80 },
    ])
  })
})

describe('the week split by percent, on the submit page', () => {
  const openPage = async () => {
    renderApp('/submit-timesheet')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
  }

  it('is offered to a minister and submitted with the week; the server’s 400 shows on the field', async () => {
    let answer: 'refuse' | 'take' = 'refuse'
    const fetchMock = serve('minister', {
      'GET /api/timesheets/current-week': { body: makeTimesheet({ id: 9, ...WEEK }) },
      'POST /api/timesheets': (init) =>
        answer === 'refuse'
          ? {
              status: 400,
              body: {
                message: 'Percents must add up to 100',
                fields: { weekAllocationPercent: 'Percents must add up to 100' },
              },
            }
          : { body: makeTimesheet({ ...bodyOf(init), id: 9, status: 'pending' }) },
    })
    const user = userEvent.setup()
    await openPage()
    await user.click(await screen.findByRole('button', { name: OPEN }))
    const group = within(screen.getByRole('group', { name: LEGEND }))
    await user.selectOptions(group.getByLabelText('Ministry or fund 1 of the week'), 'music')
    await user.type(group.getByLabelText('Percent for ministry or fund 1 of the week'), '45')
    expect(group.getByText('The rest, 55 %, goes to Youth (Grant A). Adds up to 100 %.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await group.findByText('Percents must add up to 100')).toBeTruthy()
    const sent = writes(fetchMock).filter(([url]) => String(url) === '/api/timesheets')
    expect(bodyOf(sent[0]![1]).weekAllocationPercent).toEqual([
      { code: 'music', percent: 45 },
      { code: 'youth', percent: 55 },
    ])

    answer = 'take'
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    await waitFor(() => expect(writes(fetchMock).filter(([url]) => String(url) === '/api/timesheets')).toHaveLength(2))
  })

  it('removing the split leaves the week without one, as the form was', async () => {
    const fetchMock = serve('exempt', {
      'GET /api/timesheets/current-week': {
        body: makeTimesheet({
          id: 9,
          ...WEEK,
          weekAllocationPercent: [
            { code: 'admin', percent: 70 },
            { code: 'youth', percent: 30 },
          ],
        } as never),
      },
      'POST /api/timesheets/save-draft': (init) => ({ body: makeTimesheet({ ...bodyOf(init), id: 9 }) }),
    })
    const user = userEvent.setup()
    await openPage()
    const group = within(await screen.findByRole('group', { name: LEGEND }))
    expect(group.getByLabelText('Percent for ministry or fund 1 of the week')).toHaveProperty('value', '70')
    await user.click(group.getByRole('button', { name: 'Remove percent split' }))
    expect(screen.queryByRole('group', { name: LEGEND })).toBeNull()
    expect(screen.getByRole('button', { name: OPEN })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1))
    expect(bodyOf(writes(fetchMock)[0]![1])).not.toHaveProperty('weekAllocationPercent')
  })
})

describe('the week split by percent, in Spanish', () => {
  it('says everything in Spanish, the server’s refusal too', async () => {
    await i18next.changeLanguage('es')
    try {
      serve('exempt', {
        'PUT /api/timesheets/draft/7': {
          status: 400,
          body: {
            message: 'Only exempt members and ministers allocate the week by percent',
            fields: { weekAllocationPercent: 'Only exempt members and ministers allocate the week by percent' },
            // As the server codes it (functions/src/http/errors.ts), for the reader's language.
            key: 'allocationPercentNotAllowed',
            fieldKeys: { weekAllocationPercent: { key: 'allocationPercentNotAllowed' } },
          },
        },
      })
      const user = userEvent.setup()
      openDialog(makeTimesheet({ id: 7, ...WEEK }))
      await user.click(await screen.findByRole('button', { name: 'Repartir la semana por porcentaje' }))
      const group = within(screen.getByRole('group', { name: 'Reparto de la semana por porcentaje' }))
      await user.type(group.getByLabelText('Porcentaje del ministerio o fondo 1 de la semana'), '60')
      expect(group.getByText('El resto, 40 %, va a Youth (Grant A). Suma 100 %.')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Guardar hoja de horas' }))
      expect(
        await group.findByText('Solo los miembros exentos y los ministros asignan la semana por porcentaje'),
      ).toBeTruthy()
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
