import { describe, expect, it } from 'vitest'
import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { timesheetDays, type TimesheetDays } from '@app/core'
import { makeCode } from '../../../test/allocation-fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { makeUser } from '../../../test/fixtures.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'
import { DayFields } from './TimesheetFields.tsx'

const CODES = [
  makeCode('youth', 'Youth (Grant A)'),
  makeCode('admin', 'Administration'),
  makeCode('old', 'Old fund', { active: false }),
]

/** Monday's fields bound to a week held in state, as both forms hold it; `seen` gets every change. */
function Monday({ initial, seen }: { initial: Partial<TimesheetDays>; seen: TimesheetDays[] }) {
  const [days, setDays] = useState(() => ({ ...timesheetDays({}), ...initial }) as TimesheetDays)
  return (
    <DayFields
      day="monday"
      days={days}
      onChange={(field, value) =>
        setDays((d) => {
          const next = { ...d, [field]: value }
          seen.push(next)
          return next
        })
      }
    />
  )
}

const serve = (defaultCode: string | null) =>
  mockFetch({
    'GET /api/organization/allocation-codes': { body: { codes: CODES } },
    'GET /api/auth/user': { body: makeUser({ defaultCode }) },
  })

describe('DaySplit', () => {
  it('offers nothing but a Split button, and fills the rest into the default code as hours are typed', async () => {
    serve('youth')
    const seen: TimesheetDays[] = []
    const user = userEvent.setup()
    renderApp('/', <Monday initial={{ mondayStart: '09:00', mondayEnd: '17:00' }} seen={seen} />)
    const open = await screen.findByRole('button', { name: 'Split Monday among ministries and funds' })
    // With no split the day carries none.
    expect(screen.queryByRole('group', { name: 'Split of Monday' })).toBeNull()
    await user.click(open)
    const group = within(screen.getByRole('group', { name: 'Split of Monday' }))
    // Only active codes other than the default are offered.
    const select = group.getByLabelText('Ministry or fund 1 of Monday')
    expect(optionTexts(select)).toEqual(['Administration'])
    // Nothing typed yet: the whole day is the rest.
    expect(group.getByText('The rest, 8.0 hours of 8.0 hours, goes to Youth (Grant A).')).toBeTruthy()
    await user.type(group.getByLabelText('Hours for ministry or fund 1 of Monday'), '2.5')
    expect(group.getByText('The rest, 5.5 hours of 8.0 hours, goes to Youth (Grant A).')).toBeTruthy()
    expect(seen.at(-1)!.mondayAllocations).toEqual([
      { code: 'admin', minutes: 150 },
      { code: 'youth', minutes: 330 },
    ])

    // The rest follows the day's times.
    await user.clear(screen.getByLabelText('End Time'))
    await user.type(screen.getByLabelText('End Time'), '18:00')
    await waitFor(() =>
      expect(seen.at(-1)!.mondayAllocations).toEqual([
        { code: 'admin', minutes: 150 },
        { code: 'youth', minutes: 390 },
      ]),
    )

    // Removing the split leaves the day with none, as before.
    await user.click(group.getByRole('button', { name: 'Remove split of Monday' }))
    expect(seen.at(-1)!.mondayAllocations).toBeUndefined()
    // The pressed button went with the split: the one that opens it again has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Split Monday among ministries and funds' }))
  })

  it('keeps the focus in the split as its last line is removed, and on Split once no line is left', async () => {
    serve(null)
    const user = userEvent.setup()
    renderApp('/', <Monday initial={{ mondayStart: '09:00', mondayEnd: '17:00' }} seen={[]} />)
    await user.click(await screen.findByRole('button', { name: 'Split Monday among ministries and funds' }))
    const group = within(screen.getByRole('group', { name: 'Split of Monday' }))
    await user.type(group.getByLabelText('Hours for ministry or fund 1 of Monday'), '2')
    await user.click(group.getByRole('button', { name: 'Add a line' }))
    await user.type(await group.findByLabelText('Hours for ministry or fund 2 of Monday'), '1')
    // The second line's Remove goes with its line: the line before takes the focus.
    group.getByRole('button', { name: 'Remove Administration from Monday' }).focus()
    await user.keyboard('{Enter}')
    expect(group.queryByLabelText('Hours for ministry or fund 2 of Monday')).toBeNull()
    expect(document.activeElement).toBe(group.getByLabelText('Hours for ministry or fund 1 of Monday'))
    // The only line's Remove closes the split.
    group.getByRole('button', { name: 'Remove Youth (Grant A) from Monday' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('group', { name: 'Split of Monday' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Split Monday among ministries and funds' }))
  })

  it('says at once, as an alert, when the lines pass the day’s paid time', async () => {
    serve(null)
    const seen: TimesheetDays[] = []
    const user = userEvent.setup()
    renderApp('/', <Monday initial={{ mondayStart: '09:00', mondayEnd: '13:00' }} seen={seen} />)
    await user.click(await screen.findByRole('button', { name: 'Split Monday among ministries and funds' }))
    const group = within(screen.getByRole('group', { name: 'Split of Monday' }))
    const hours = group.getByLabelText('Hours for ministry or fund 1 of Monday')
    await user.type(hours, '5')
    expect(group.getByRole('alert').textContent).toBe(
      'The split is 1.0 hours more than the 4.0 hours paid on this day.',
    )
    expect(hours.getAttribute('aria-invalid')).toBe('true')
    // Without a default, what is left would go to Unallocated; here nothing is left, so the day sends the line as typed.
    expect(seen.at(-1)!.mondayAllocations).toEqual([{ code: 'youth', minutes: 300 }])
  })

  it('shows a stored split, inactive code included, read-only on a locked week', async () => {
    serve('youth')
    renderApp(
      '/',
      <DayFields
        day="monday"
        readOnly
        onChange={() => {}}
        days={{
          ...timesheetDays({ mondayStart: '09:00', mondayEnd: '17:00' }),
          mondayAllocations: [
            { code: 'old', minutes: 120 },
            { code: 'youth', minutes: 360 },
          ],
        }}
      />,
    )
    expect(await screen.findByText('Old fund 2.0 hours · Youth (Grant A) 6.0 hours')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Split/ })).toBeNull()
  })
})
