import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SubscriptionState } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../../test/render.tsx'
import { SubscriptionBanner } from './SubscriptionBanner.tsx'

afterEach(() => vi.unstubAllGlobals())

const NOW = new Date('2026-03-10T12:00:00.000Z')
const DAY = 86_400_000
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

const view = (overrides: Partial<SubscriptionState>): SubscriptionState => ({
  hasSubscription: true,
  status: 'trialing',
  trialEndsAt: at(14 * DAY),
  currentPeriodEnd: null,
  plan: 'professional',
  ...overrides,
})

const supervisor = makeUser({ role: 'supervisor' })
const statusCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(
    ([url, init]) => String(url) === '/api/subscription/status' && (init?.method ?? 'GET') === 'GET',
  ).length

const showBanner = (status: SubscriptionState, user = supervisor) => {
  const fetch = mockFetch({ 'GET /api/subscription/status': { body: status } })
  renderApp('/', <SubscriptionBanner user={user} now={NOW} />)
  return fetch
}

const banner = () => screen.findByRole('region', { name: 'Subscription' })

describe('SubscriptionBanner', () => {
  it('shows a running trial in blue with the days left and Upgrade Now to /pricing', async () => {
    showBanner(view({ trialEndsAt: at(14 * DAY) }))
    const region = await banner()
    expect(within(region).getByText('Free Trial Active')).toBeTruthy()
    expect(within(region).getByText('14 days left')).toBeTruthy()
    expect(within(region).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/pricing')
    expect(region.className).toContain('bg-blue-50')
    expect(within(region).queryByRole('alert')).toBeNull()
  })

  it.each([
    [13 * DAY + 60_000, '14 days left'],
    [2 * DAY, '2 days left'],
    [DAY + 1, '2 days left'],
    [DAY, '1 day left'],
    [60_000, '1 day left'],
  ])('rounds the days left up: %i ms before the end reads %s', async (remaining, text) => {
    showBanner(view({ trialEndsAt: at(remaining) }))
    expect(within(await banner()).getByTestId('trial-days-left').textContent).toBe(text)
  })

  it('shows an active subscription in green with its plan, next billing date and Manage to /pricing', async () => {
    showBanner(view({ status: 'active', currentPeriodEnd: '2026-04-10T12:00:00.000Z', plan: 'starter' }))
    const region = await banner()
    expect(within(region).getByText('Subscription Active')).toBeTruthy()
    expect(within(region).getByText('Starter plan')).toBeTruthy()
    expect(within(region).getByText('Next billing date: April 10, 2026')).toBeTruthy()
    expect(within(region).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/pricing')
    expect(region.className).toContain('bg-green-50')
  })

  it.each([
    ['an expired trial', view({ status: 'trialing', trialEndsAt: at(-60_000) })],
    ['a trial ending right now', view({ status: 'trialing', trialEndsAt: at(0) })],
    ['past_due', view({ status: 'past_due', currentPeriodEnd: at(-DAY) })],
    ['canceled', view({ status: 'canceled' })],
    ['unpaid', view({ status: 'unpaid' })],
  ])('shows a red alert with Update Payment for %s', async (_name, status) => {
    showBanner(status)
    const region = await banner()
    const alert = within(region).getByRole('alert')
    expect(
      within(alert).getByText('Subscription Required: Please update your payment information to continue'),
    ).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'Update Payment' }).getAttribute('href')).toBe('/pricing')
    expect(region.className).toContain('bg-red-50')
    expect(within(region).queryByText('Free Trial Active')).toBeNull()
  })

  it('offers the free trial in yellow when there is no subscription', async () => {
    showBanner(view({ hasSubscription: false, status: 'trialing', trialEndsAt: null }))
    const region = await banner()
    expect(region.className).toContain('bg-amber-50')
    expect(within(region).getByText(/14-day free trial/)).toBeTruthy()
    expect(within(region).getByRole('button', { name: 'Start Trial' })).toBeTruthy()
  })

  it('starts the trial: Starting... while it runs, then the toast and the refetched status', async () => {
    let answer!: () => void
    let status = view({ hasSubscription: false, trialEndsAt: null })
    const fetch = mockFetch({
      'GET /api/subscription/status': () => ({ body: status }),
      'POST /api/start-trial': () => {
        status = view({ trialEndsAt: at(14 * DAY) })
        return { body: status, wait: new Promise<void>((r) => (answer = r)) }
      },
    })
    const user = userEvent.setup()
    renderApp('/', <SubscriptionBanner user={supervisor} now={NOW} />)
    await user.click(await screen.findByRole('button', { name: 'Start Trial' }))

    const pending = await screen.findByRole('button', { name: 'Starting...' })
    expect(isUnavailable(pending)).toBe(true)
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(String(post[0])).toBe('/api/start-trial')
    expect(post[1]!.body).toBe('{}')
    expect(new Headers(post[1]!.headers).get('Content-Type')).toBe('application/json')

    answer()
    expect(await screen.findByText('Trial Started!')).toBeTruthy()
    expect(screen.getByText('Your 14-day free trial is now active. Enjoy full access to all features.')).toBeTruthy()
    expect(within(await banner()).getByText('Free Trial Active')).toBeTruthy()
    await waitFor(() => expect(statusCalls(fetch)).toBe(2))
  })

  it('says why when the trial cannot start', async () => {
    mockFetch({
      'GET /api/subscription/status': { body: view({ hasSubscription: false, trialEndsAt: null }) },
      'POST /api/start-trial': {
        status: 409,
        body: { message: 'Your organization has already used its free trial. Choose a plan to continue.' },
      },
    })
    const user = userEvent.setup()
    renderApp('/', <SubscriptionBanner user={supervisor} now={NOW} />)
    await user.click(await screen.findByRole('button', { name: 'Start Trial' }))
    expect(await screen.findByText('Trial Setup Failed')).toBeTruthy()
    expect(
      screen.getByText('Your organization has already used its free trial. Choose a plan to continue.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Start Trial' })).toBeTruthy()
  })

  it.each(['employee', 'volunteer'] as const)('is not shown to a %s, who never asks for the status', async (role) => {
    const fetch = showBanner(view({}), makeUser({ role }))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull()
    expect(statusCalls(fetch)).toBe(0)
  })

  it('is hidden while the status loads, and when it cannot be read', async () => {
    let answer!: () => void
    mockFetch({
      'GET /api/subscription/status': {
        status: 500,
        body: { message: 'Internal server error' },
        wait: new Promise<void>((r) => (answer = r)),
      },
    })
    renderApp('/', <SubscriptionBanner user={supervisor} now={NOW} />)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull()
    answer()
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull()
  })

  it('sits under the header of the signed-in app, for supervisors', async () => {
    mockFetch({
      'GET /api/auth/user': { body: supervisor },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
      'GET /api/subscription/status': { body: view({ status: 'past_due' }) },
    })
    const { container } = renderApp('/')
    const region = await banner()
    expect(container.querySelector('header')!.nextElementSibling).toBe(region)
    expect(within(region).getByRole('link', { name: 'Update Payment' })).toBeTruthy()
  })
})
