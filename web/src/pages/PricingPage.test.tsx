import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { plans } from '@app/core'
import { renderApp } from '../../test/render.tsx'
import { mockFetch } from '../../test/fetch-mock.ts'
import { makeUser } from '../../test/fixtures.ts'
import { PricingPage } from './PricingPage.tsx'

afterEach(() => vi.unstubAllGlobals())

const card = (name: string) => screen.getByRole('group', { name })

describe('PricingPage', () => {
  it('shows monthly prices first and annual prices after the toggle', async () => {
    const user = userEvent.setup()
    renderApp('/pricing', <PricingPage />)

    const monthly = screen.getByRole('radio', { name: 'Monthly' })
    const annual = screen.getByRole('radio', { name: /Annual/ })
    expect(monthly.getAttribute('aria-checked')).toBe('true')
    expect(within(annual).getByText('Save 20%')).toBeTruthy()
    for (const plan of plans) {
      expect(within(card(plan.name)).getByText(`$${plan.monthlyPrice}`)).toBeTruthy()
      expect(within(card(plan.name)).getByText('/month')).toBeTruthy()
    }
    expect(within(card('Starter')).getByText('$17')).toBeTruthy()

    await user.click(annual)
    expect(annual.getAttribute('aria-checked')).toBe('true')
    expect(within(card('Starter')).getByText('$164')).toBeTruthy()
    expect(within(card('Professional')).getByText('$356')).toBeTruthy()
    expect(within(card('Enterprise')).getByText('$644')).toBeTruthy()
    expect(within(card('Starter')).getByText('/year')).toBeTruthy()
    expect(within(card('Starter')).queryByText('$17')).toBeNull()

    await user.click(monthly)
    expect(within(card('Professional')).getByText('$37')).toBeTruthy()
  })

  it('keeps a period chosen when its button is pressed again', async () => {
    const user = userEvent.setup()
    renderApp('/pricing', <PricingPage />)
    await user.click(screen.getByRole('radio', { name: 'Monthly' }))
    expect(screen.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true')
    expect(within(card('Starter')).getByText('$17')).toBeTruthy()
  })

  it('links each plan to checkout with the chosen period’s price id', async () => {
    const user = userEvent.setup()
    renderApp('/pricing', <PricingPage />)
    const link = () => within(card('Professional')).getByRole('link', { name: 'Choose Professional' })
    expect(link().getAttribute('href')).toBe('/subscribe?plan=price_professional_monthly')
    await user.click(screen.getByRole('radio', { name: /Annual/ }))
    expect(link().getAttribute('href')).toBe('/subscribe?plan=price_professional_yearly')
  })

  it('marks the popular plan and shows features, limitations, the trial and what every plan includes', () => {
    renderApp('/pricing', <PricingPage />)
    expect(within(card('Professional')).getByText('Most Popular')).toBeTruthy()
    expect(within(card('Starter')).queryByText('Most Popular')).toBeNull()
    expect(within(card('Starter')).getByText('No custom branding')).toBeTruthy()
    expect(within(card('Enterprise')).getByText('Unlimited staff members')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/api/login')
    expect(screen.getByRole('heading', { name: 'All Plans Include' })).toBeTruthy()
    const trial = screen.getByRole('heading', { name: '14-Day Free Trial' }).closest('section')!
    expect(within(trial).getByRole('link').getAttribute('href')).toBe('/auth-guide')
  })
})

describe('Start Free Trial when signed in', () => {
  it('goes to checkout with the trial, not through /api/login again', async () => {
    mockFetch({ 'GET /api/auth/user': { body: { ...makeUser({ role: 'supervisor' }), demo: false } } })
    renderApp('/pricing', <PricingPage />)
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe(
        '/subscribe?plan=price_professional_monthly',
      ),
    )
  })
})
