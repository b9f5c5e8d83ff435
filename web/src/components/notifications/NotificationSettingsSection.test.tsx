import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { defaultNotificationSettings, type NotificationsView } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { dismissToast } from '../../lib/toast.ts'
import { MyNotificationsCard } from './MyNotificationsCard.tsx'
import { NotificationSettingsSection } from './NotificationSettingsSection.tsx'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

const saved: NotificationsView = {
  ...defaultNotificationSettings('monday'),
  optedOut: [{ userId: 'u2', name: 'Ana Silva', kinds: ['reminder', 'timer'] }],
}

describe('Settings → Notifications', () => {
  it('shows a campus admin the church’s reminders without a way to change them', async () => {
    const sam = makeUser({ id: 'sup-3', role: 'supervisor', campusId: 'south', campusIds: ['south'] })
    const fetch = mockFetch({
      'GET /api/auth/user': { body: sam },
      'GET /api/organization/notifications': { body: saved },
    })
    renderApp('/', <NotificationSettingsSection />)
    expect(
      await screen.findByText(
        'Only a supervisor of the whole church changes the reminders: they go out to every campus.',
      ),
    ).toBeTruthy()
    expect(((await screen.findByLabelText('Reminders')) as HTMLInputElement).disabled).toBe(true)
    expect((document.getElementById('staffReminder-day') as HTMLSelectElement).disabled).toBe(true)
    expect(screen.getByText('Ana Silva')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save Notifications' })).toBeNull()
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(0)
  })

  it('shows the defaults and who opted out, and saves a changed time and limit', async () => {
    let put: unknown
    const fetch = mockFetch({
      'GET /api/organization/notifications': { body: saved },
      'PUT /api/organization/notifications': (init) => {
        put = JSON.parse(String(init!.body))
        return { body: { ...saved, ...(put as object) } }
      },
    })
    const user = userEvent.setup()
    renderApp('/', <NotificationSettingsSection />)
    expect(((await screen.findByLabelText('Reminders')) as HTMLInputElement).checked).toBe(true)
    expect((document.getElementById('staffReminder-day') as HTMLSelectElement).value).toBe('friday')
    expect((document.getElementById('staffReminder-time') as HTMLInputElement).value).toBe('16:00')
    expect((document.getElementById('supervisorDigest-day') as HTMLSelectElement).value).toBe('monday')
    expect(screen.getByText('Ana Silva')).toBeTruthy()
    expect(screen.getByText(/Weekly timesheet reminders, Forgotten clock-out emails/)).toBeTruthy()

    await user.selectOptions(document.getElementById('staffReminder-day')!, 'thursday')
    const hours = screen.getByLabelText('Clock-out missing after (hours, 4 to 16)') as HTMLInputElement
    await user.clear(hours)
    await user.click(screen.getByRole('button', { name: 'Save Notifications' }))
    expect(await screen.findByText('Enter a number of hours')).toBeTruthy()
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(0)

    await user.type(hours, '20')
    await user.click(screen.getByRole('button', { name: 'Save Notifications' }))
    expect(await screen.findByText('At most 16 hours')).toBeTruthy()
    await user.clear(hours)
    await user.type(hours, '12')
    await user.click(screen.getByRole('button', { name: 'Save Notifications' }))
    await waitFor(() => expect(put).toBeDefined())
    expect(put).toEqual({
      ...defaultNotificationSettings('monday'),
      staffReminder: { day: 'thursday', time: '16:00' },
      forgottenTimerHours: 12,
    })
    expect(await screen.findByText('Notification settings have been updated.')).toBeTruthy()
  })
})

describe('Profile → Email Reminders', () => {
  it('turns back on a kind the member unsubscribed from; staff see no digest switch', async () => {
    let optedOut = ['reminder']
    mockFetch({
      'GET /api/profile/notifications': () => ({ body: { optedOut } }),
      'PUT /api/profile/notifications': (init) => {
        const change = JSON.parse(String(init!.body)) as { kind: string; subscribed: boolean }
        optedOut = change.subscribed ? optedOut.filter((k) => k !== change.kind) : [...optedOut, change.kind]
        return { body: { optedOut } }
      },
    })
    const user = userEvent.setup()
    renderApp('/', <MyNotificationsCard role="employee" />)
    const reminders = (await screen.findByLabelText('Weekly timesheet reminders')) as HTMLInputElement
    expect(reminders.checked).toBe(false)
    expect((screen.getByLabelText('Forgotten clock-out emails') as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByLabelText(/digest/)).toBeNull()
    await user.click(reminders)
    await waitFor(() => expect(reminders.checked).toBe(true))
    expect(optedOut).toEqual([])
  })
})
