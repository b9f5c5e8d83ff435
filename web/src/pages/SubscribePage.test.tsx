import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, signedOut, type MockAnswer } from '../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../test/render.tsx'
import { browser } from '../lib/browser.ts'
import { fakeElements, fakeStripe, resetStripeDouble, stripeJsModule } from '../../test/stripe-test-double.tsx'

// Stripe.js cannot load here: the page gets the test double instead (module level).
vi.mock('@stripe/stripe-js/pure', async () => (await import('../../test/stripe-test-double.tsx')).stripeJsModule)
vi.mock('@stripe/react-stripe-js', async () => (await import('../../test/stripe-test-double.tsx')).reactStripeModule)

beforeEach(() => resetStripeDouble())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

type Handler = MockAnswer | ((init: RequestInit | undefined) => MockAnswer)

const created = (clientSecret = 'seti_1_secret_a', intentType: 'setup' | 'payment' = 'setup'): MockAnswer => ({
  body: { clientSecret, intentType, subscriptionId: 'sub_1' },
})

const signedInAs = (routes: Record<string, Handler>, role: 'supervisor' | 'employee' = 'supervisor') =>
  mockFetch({
    'GET /api/auth/user': { body: makeUser({ role }) },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    'GET /api/subscription/status': {
      body: {
        hasSubscription: true,
        status: 'trialing',
        trialEndsAt: null,
        currentPeriodEnd: null,
        plan: 'professional',
      },
    },
    'GET /api/billing/config': { body: { publishableKey: 'pk_test_123' } },
    'POST /api/create-subscription': created(),
    ...routes,
  })

const bodiesOf = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>)

const startButton = () => screen.findByRole('button', { name: 'Start Subscription' })

const ready = async () => {
  await screen.findByRole('heading', { name: 'Complete Your Subscription' })
  const button = await startButton()
  await waitFor(() => expect(isUnavailable(button)).toBe(false))
  return button
}

describe('SubscribePage: setting up', () => {
  it('says it is setting up, then shows checkout for the plan in the link', async () => {
    let answer!: () => void
    const fetch = signedInAs({
      'POST /api/create-subscription': { ...created(), wait: new Promise<void>((r) => (answer = r)) },
    })
    renderApp('/subscribe?plan=price_starter_monthly')
    expect(await screen.findByText('Setting up your subscription...')).toBeTruthy()
    answer()
    await ready()
    expect(screen.getByText('14-Day Free Trial Included')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Subscribe to Starter Plan' })).toBeTruthy()
    expect(screen.getByText(/\$17\/month, billed after your free trial/)).toBeTruthy()
    expect(screen.getByText('Have a coupon code?')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing')
    expect(screen.getByText(/agree to our Terms of Service and Privacy Policy/).textContent).toContain(
      'Your subscription starts after your 14-day free trial.',
    )
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([{ priceId: 'price_starter_monthly' }])
    expect(stripeJsModule.loadStripe).toHaveBeenCalledExactlyOnceWith('pk_test_123')
    expect(screen.getByTestId('payment-element').dataset.clientSecret).toBe('seti_1_secret_a')
    // Signed in, the page sits in the app's frame.
    expect(await screen.findByText('Grace Chapel')).toBeTruthy()
  })

  /** Opens the page at `path` signed in, ready, under `heading`; the fetch mock. */
  const checkoutPage = async (path: string, heading: string) => {
    const fetch = signedInAs({})
    renderApp(path)
    await ready()
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy()
    return fetch
  }

  it('checks out Professional monthly when the link names no plan', async () => {
    const fetch = await checkoutPage('/subscribe', 'Subscribe to Professional Plan')
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([{ priceId: 'price_professional_monthly' }])
  })

  it('shows and buys an unknown plan identifier as the Professional Plan', async () => {
    const fetch = await checkoutPage('/subscribe?plan=price_gold_forever', 'Subscribe to Professional Plan')
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([{ priceId: 'price_professional_monthly' }])
  })

  it('keeps a yearly plan yearly', async () => {
    const fetch = await checkoutPage('/subscribe?plan=price_enterprise_yearly', 'Subscribe to Enterprise Plan')
    expect(screen.getByText(/\$644\/year/)).toBeTruthy()
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([{ priceId: 'price_enterprise_yearly' }])
  })

  it('keeps Start Subscription disabled until Stripe has loaded', async () => {
    let loaded!: () => void
    stripeJsModule.loadStripe.mockImplementation(() => new Promise((r) => (loaded = () => r(fakeStripe))))
    signedInAs({})
    renderApp('/subscribe?plan=price_starter_monthly')
    const button = await startButton()
    expect(screen.getByText('Loading the secure card form...')).toBeTruthy()
    expect(isUnavailable(button)).toBe(true)
    loaded()
    await waitFor(() => expect(isUnavailable(button)).toBe(false))
    expect(screen.queryByText('Loading the secure card form...')).toBeNull()
  })

  it('sends a signed-out visitor to sign in and back to this plan, without starting checkout', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    const fetch = mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/subscribe?plan=price_starter_yearly')
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledExactlyOnceWith(
        '/api/login?returnTo=%2Fsubscribe%3Fplan%3Dprice_starter_yearly',
      ),
    )
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([])
  })

  it('sends the browser to sign in and back when checkout answers 401, and nowhere else', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    signedInAs({ 'POST /api/create-subscription': signedOut })
    renderApp('/subscribe?plan=price_starter_monthly')
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/api/login?returnTo=%2Fsubscribe%3Fplan%3Dprice_starter_monthly'),
    )
    // The app-wide 'Unauthorized' redirect (after 500 ms, without the way back) does not also fire.
    await new Promise((r) => setTimeout(r, 700))
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Unable to Process Subscription')).toBeNull()
  })

  it('shows the error card when checkout cannot be set up', async () => {
    signedInAs({ 'POST /api/create-subscription': { status: 500, body: { message: 'Internal server error' } } })
    renderApp('/subscribe?plan=price_starter_monthly')
    expect(await screen.findByRole('heading', { name: 'Unable to Process Subscription' })).toBeTruthy()
    expect(screen.getByText('There was an issue setting up your subscription. Please try again.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing')
    expect(screen.queryByRole('button', { name: 'Start Subscription' })).toBeNull()
  })

  it('tells a non-supervisor why checkout failed', async () => {
    signedInAs(
      { 'POST /api/create-subscription': { status: 403, body: { message: 'Only supervisors can do this' } } },
      'employee',
    )
    renderApp('/subscribe?plan=price_starter_monthly')
    expect(await screen.findByRole('heading', { name: 'Unable to Process Subscription' })).toBeTruthy()
    expect(screen.getByText('Only supervisors can do this')).toBeTruthy()
  })
})

describe('SubscribePage: billing not configured', () => {
  const expectPlainNotice = async () => {
    expect(
      await screen.findByRole('heading', { name: 'Online payment is not set up for this installation yet' }),
    ).toBeTruthy()
    expect(screen.getByText('Billing is not configured')).toBeTruthy()
    expect(screen.getByText(/14-day free trial keeps working/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing')
    expect(screen.queryByRole('heading', { name: 'Complete Your Subscription' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Start Subscription' })).toBeNull()
    expect(screen.queryByText('Payment Successful')).toBeNull()
  }

  it('says so when there is no publishable key, without asking for a subscription or loading Stripe', async () => {
    const fetch = signedInAs({ 'GET /api/billing/config': { body: { publishableKey: null } } })
    renderApp('/subscribe?plan=price_starter_monthly')
    await expectPlainNotice()
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([])
    expect(stripeJsModule.loadStripe).not.toHaveBeenCalled()
  })

  it('says so when checkout answers 503 Billing is not configured', async () => {
    signedInAs({ 'POST /api/create-subscription': { status: 503, body: { message: 'Billing is not configured' } } })
    renderApp('/subscribe?plan=price_starter_monthly')
    await expectPlainNotice()
  })

  it('treats another 503 as a failed setup, not as missing billing', async () => {
    signedInAs({ 'POST /api/create-subscription': { status: 503, body: { message: 'Stripe is unavailable' } } })
    renderApp('/subscribe?plan=price_starter_monthly')
    expect(await screen.findByRole('heading', { name: 'Unable to Process Subscription' })).toBeTruthy()
  })
})

describe('SubscribePage: coupon', () => {
  const couponInput = () => screen.getByPlaceholderText('Enter coupon code')
  const applyButton = () => screen.getByRole('button', { name: 'Apply' })

  it('disables Apply while the trimmed code is empty, and asks for a code on Enter', async () => {
    const fetch = signedInAs({})
    const user = userEvent.setup()
    renderApp('/subscribe?plan=price_starter_monthly')
    await ready()
    expect(screen.getByLabelText('Have a coupon code?')).toBe(couponInput())
    expect(isUnavailable(applyButton())).toBe(true)
    await user.type(couponInput(), '   ')
    expect(isUnavailable(applyButton())).toBe(true)
    await user.type(couponInput(), '{Enter}')
    expect(await screen.findByText('Enter Coupon Code')).toBeTruthy()
    expect(screen.getByText('Please enter a coupon code first.')).toBeTruthy()
    expect(bodiesOf(fetch, '/api/validate-coupon')).toEqual([])
    await user.type(couponInput(), 'x')
    expect(isUnavailable(applyButton())).toBe(false)
  })

  it('applies a valid code (trimmed), remakes checkout with it, and removes it again', async () => {
    let validated!: () => void
    let calls = 0
    const fetch = signedInAs({
      'POST /api/validate-coupon': {
        body: { valid: true, message: 'Coupon applied', discount: { name: 'Lent 20', description: '20% off forever' } },
        wait: new Promise<void>((r) => (validated = r)),
      },
      'POST /api/create-subscription': () => created(`seti_${++calls}_secret`),
    })
    const user = userEvent.setup()
    renderApp('/subscribe?plan=price_starter_monthly')
    await ready()
    expect(screen.getByTestId('payment-element').dataset.clientSecret).toBe('seti_1_secret')

    await user.type(couponInput(), '  LENT20 ')
    await user.click(applyButton())
    expect(isUnavailable(applyButton())).toBe(true)
    validated()

    expect(await screen.findByText('Coupon Applied!')).toBeTruthy()
    const applied = await screen.findByTestId('applied-coupon')
    expect(within(applied).getByText('Lent 20')).toBeTruthy()
    expect(within(applied).getByText('20% off forever')).toBeTruthy()
    expect(screen.queryByPlaceholderText('Enter coupon code')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('payment-element').dataset.clientSecret).toBe('seti_2_secret'))
    expect(bodiesOf(fetch, '/api/validate-coupon')).toEqual([{ couponCode: 'LENT20' }])

    await user.click(screen.getByRole('button', { name: 'Remove coupon Lent 20' }))
    expect(await screen.findByText('Coupon Removed')).toBeTruthy()
    expect(await screen.findByPlaceholderText('Enter coupon code')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('payment-element').dataset.clientSecret).toBe('seti_3_secret'))
    expect(bodiesOf(fetch, '/api/create-subscription')).toEqual([
      { priceId: 'price_starter_monthly' },
      { priceId: 'price_starter_monthly', couponCode: 'LENT20' },
      { priceId: 'price_starter_monthly' },
    ])
  })

  /** On the Starter checkout, types `code` into the coupon field and applies it. */
  const applyCoupon = async (code: string) => {
    const user = userEvent.setup()
    renderApp('/subscribe?plan=price_starter_monthly')
    await ready()
    await user.type(couponInput(), code)
    await user.click(applyButton())
  }

  it.each([
    ['the server’s message', 'That code has expired.', 'That code has expired.'],
    ['a fallback', '', 'This coupon code is not valid.'],
  ])('refuses an invalid code with %s', async (_name, message, shown) => {
    const fetch = signedInAs({ 'POST /api/validate-coupon': { body: { valid: false, message } } })
    await applyCoupon('OLD')
    expect(await screen.findByText('Invalid Coupon')).toBeTruthy()
    expect(screen.getByText(shown)).toBeTruthy()
    expect(screen.queryByTestId('applied-coupon')).toBeNull()
    expect(bodiesOf(fetch, '/api/create-subscription')).toHaveLength(1)
  })

  it.each([
    [
      'the server’s message',
      { status: 400, body: { message: 'Please enter a coupon code first.' } },
      'Please enter a coupon code first.',
    ],
    ['a fallback', { status: 502, body: '<html>Bad gateway</html>' }, 'Unable to apply coupon. Please try again.'],
  ])('reports a failed check as Coupon Error with %s', async (_name, answer, shown) => {
    signedInAs({ 'POST /api/validate-coupon': answer })
    await applyCoupon('LENT20')
    expect(await screen.findByText('Coupon Error')).toBeTruthy()
    expect(screen.getByText(shown)).toBeTruthy()
    expect(isUnavailable(applyButton())).toBe(false)
  })
})

describe('SubscribePage: paying', () => {
  it('confirms a setup intent, shows Processing..., then welcomes and goes to /payment-success', async () => {
    let confirmed!: (value: unknown) => void
    fakeStripe.confirmSetup.mockImplementation(() => new Promise((r) => (confirmed = r)))
    signedInAs({})
    const user = userEvent.setup()
    renderApp('/subscribe?plan=price_starter_monthly')
    await user.click(await ready())

    const processing = await screen.findByRole('button', { name: 'Processing...' })
    expect(isUnavailable(processing)).toBe(true)
    expect(fakeStripe.confirmSetup).toHaveBeenCalledExactlyOnceWith({
      elements: fakeElements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    })
    expect(fakeStripe.confirmPayment).not.toHaveBeenCalled()

    confirmed({ setupIntent: { status: 'succeeded' } })
    expect(await screen.findByText('Payment Successful')).toBeTruthy()
    expect(screen.getByText('Welcome to Ministry Timesheets! Your subscription is now active.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment-success'))
    expect(await screen.findByRole('heading', { name: 'Welcome to Ministry Timesheets!' })).toBeTruthy()
  })

  it('confirms a payment intent, and on failure shows the provider’s message and lets the user try again', async () => {
    fakeStripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } })
    signedInAs({ 'POST /api/create-subscription': created('pi_1_secret', 'payment') })
    const user = userEvent.setup()
    renderApp('/subscribe?plan=price_starter_monthly')
    await user.click(await ready())

    expect(await screen.findByText('Payment Failed')).toBeTruthy()
    expect(screen.getByText('Your card was declined.')).toBeTruthy()
    expect(fakeStripe.confirmPayment).toHaveBeenCalledExactlyOnceWith({
      elements: fakeElements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    })
    expect(fakeStripe.confirmSetup).not.toHaveBeenCalled()
    expect(isUnavailable(await startButton())).toBe(false)
    expect(screen.getByTestId('location').textContent).toBe('/subscribe?plan=price_starter_monthly')
    expect(screen.queryByText('Payment Successful')).toBeNull()
  })
})
