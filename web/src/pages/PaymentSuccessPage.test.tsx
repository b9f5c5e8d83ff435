import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, signedOut } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { SUPPORT_EMAIL } from '../lib/product.ts'

afterEach(() => vi.unstubAllGlobals())

const expectWelcome = async () => {
  expect(await screen.findByRole('heading', { name: 'Welcome to Ministry Timesheets!' })).toBeTruthy()
  expect(screen.getByText('Subscription Active')).toBeTruthy()
  expect(
    screen.getByText(/full access to employee management, timesheet approvals and advanced reporting/),
  ).toBeTruthy()

  const steps = within(screen.getByRole('list', { name: 'Next steps' })).getAllByRole('listitem')
  expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual([
    'Set up your organization',
    'Add your employees',
    'Start tracking time',
  ])
  expect(steps.map((s) => s.textContent?.[0])).toEqual(['1', '2', '3'])
  expect(within(steps[0]!).getByText(/name and logo/)).toBeTruthy()

  const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')
  expect(href('Go to Dashboard')).toBe('/')
  expect(href('Add Employees')).toBe('/employees')
  expect(href('Organization Settings')).toBe('/settings')
  expect(href('sign-in guide')).toBe('/auth-guide')
  expect(href(SUPPORT_EMAIL)).toBe(`mailto:${SUPPORT_EMAIL}`)
}

describe('PaymentSuccessPage', () => {
  it('welcomes a signed-in supervisor with the next steps, in the app', async () => {
    mockFetch({
      'GET /api/auth/user': { body: makeUser() },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    })
    renderApp('/payment-success?setup_intent=seti_1&redirect_status=succeeded')
    await expectWelcome()
    expect(await screen.findByText('Grace Chapel')).toBeTruthy()
  })

  it('is there for a visitor whose session is not loaded (Stripe’s return is a fresh page)', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/payment-success')
    await expectWelcome()
    expect(screen.queryByText('404 Page Not Found')).toBeNull()
  })

  it('does not claim success when Stripe reports the confirmation failed', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/payment-success?setup_intent=seti_1&redirect_status=failed')
    expect(await screen.findByRole('heading', { name: 'Payment Not Completed' })).toBeTruthy()
    expect(screen.queryByText('Subscription Active')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing')
  })
})
