import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { makeStaffMember } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { renderApp } from '../../../test/render.tsx'
import { RecentTimesheets } from './RecentTimesheets.tsx'

afterEach(() => vi.restoreAllMocks())

const me = makeStaffMember()

describe('Recent Timesheet Submissions on the staff dashboard', () => {
  it('opened offline, says so instead of loading, and lists the weeks once the connection is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    mockFetch({
      'GET /api/auth/user': { body: me },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC' } },
      'GET /api/timesheets': () =>
        navigator.onLine
          ? { body: { items: [makeTimesheet({ employeeId: me.id })], cursor: null } }
          : { networkError: true },
    })
    renderApp('/', <RecentTimesheets user={me} />)
    expect(await screen.findByText('You are offline: the list shows once the connection is back.')).toBeTruthy()
    expect(screen.queryByText('Loading timesheets...')).toBeNull()

    online.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(await screen.findAllByText('Ann Lee')).not.toHaveLength(0)
    expect(screen.queryByText('You are offline: the list shows once the connection is back.')).toBeNull()
  })
})
