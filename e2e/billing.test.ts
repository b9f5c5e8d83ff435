import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { SubscriptionStatus, User } from '@app/core'
import { keys, table } from '@app/data/testing'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { collectErrors } from './helpers/page-errors.ts'
import { addMember, signedInSupervisor, signInAsStaff, signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

// The e2e stack runs without Stripe keys: billing answers 'Billing is not configured'.
const { newPage } = useBrowser()

const DAY = 86_400_000

const organizationOf = async (page: Page) => (await api<User>(page, 'GET', '/api/auth/user')).organizationId

/** What a billing webhook (or an ended trial) would leave on the organization, written directly. */
const setBilling = (
  orgId: string,
  billing: {
    subscriptionStatus: SubscriptionStatus
    trialEndsAt: string | null
    currentPeriodEnd: string | null
    stripeSubscriptionId: string | null
  },
) =>
  table.update(keys.organization(orgId), {
    UpdateExpression:
      'SET subscriptionStatus = :s, trialEndsAt = :t, currentPeriodEnd = :p, stripeSubscriptionId = :id',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':s': billing.subscriptionStatus,
      ':t': billing.trialEndsAt,
      ':p': billing.currentPeriodEnd,
      ':id': billing.stripeSubscriptionId,
    },
  })

const banner = (page: Page) => page.getByRole('region', { name: 'Subscription' })

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

describe('subscription banner and checkout without Stripe', () => {
  it('shows the supervisor’s trial, then an active, a past-due and an expired subscription', async () => {
    const page = await signedInSupervisor(newPage(), 'treasurer')
    const errors = collectErrors(page)

    // Right after sign-up: the 14-day trial, card-free, in blue.
    await banner(page).getByText('Free Trial Active').waitFor()
    expect(await banner(page).getByText('14 days left').isVisible()).toBe(true)
    await banner(page).getByRole('link', { name: 'Upgrade Now' }).click()
    await page.getByRole('heading', { name: 'Plans for every ministry' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pricing')
    // The banner stays under the header on every signed-in page.
    expect(await banner(page).getByText('Free Trial Active').isVisible()).toBe(true)

    const orgId = await organizationOf(page)
    const periodEnd = new Date(Date.now() + 20 * DAY).toISOString()
    await setBilling(orgId, {
      subscriptionStatus: 'active',
      trialEndsAt: new Date(Date.now() - DAY).toISOString(),
      currentPeriodEnd: periodEnd,
      stripeSubscriptionId: 'sub_e2e_active',
    })
    await page.goto('/')
    await banner(page).getByText('Subscription Active').waitFor()
    expect(
      await banner(page)
        .getByText(`Next billing date: ${longDate(periodEnd)}`)
        .isVisible(),
    ).toBe(true)
    expect(await banner(page).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/pricing')
    expect(await banner(page).getByRole('alert').count()).toBe(0)

    await setBilling(orgId, {
      subscriptionStatus: 'past_due',
      trialEndsAt: null,
      currentPeriodEnd: new Date(Date.now() - DAY).toISOString(),
      stripeSubscriptionId: 'sub_e2e_active',
    })
    await page.reload()
    const pastDue = banner(page).getByRole('alert')
    await pastDue.waitFor()
    expect(await pastDue.textContent()).toContain(
      'Subscription Required: Please update your payment information to continue',
    )
    expect(await pastDue.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).toBe(
      await page.evaluate(() => {
        // Tailwind's red-50, as the browser resolves it.
        const probe = document.createElement('div')
        probe.className = 'bg-red-50'
        document.body.append(probe)
        const color = getComputedStyle(probe).backgroundColor
        probe.remove()
        return color
      }),
    )
    await pastDue.getByRole('link', { name: 'Update Payment' }).click()
    await page.getByRole('heading', { name: 'Plans for every ministry' }).waitFor()

    // The card-free trial ran out with no subscription.
    await setBilling(orgId, {
      subscriptionStatus: 'trial',
      trialEndsAt: new Date(Date.now() - 60_000).toISOString(),
      currentPeriodEnd: null,
      stripeSubscriptionId: null,
    })
    await page.goto('/')
    const expired = banner(page).getByRole('alert')
    await expired.waitFor()
    expect(await expired.textContent()).toContain('Subscription Required')
    expect(await banner(page).getByText('Free Trial Active').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('offers a trial when there is none, and says why the server refuses one already used', async () => {
    const page = await signedInSupervisor(newPage(), 'elder')
    await setBilling(await organizationOf(page), {
      subscriptionStatus: 'trial',
      trialEndsAt: null,
      currentPeriodEnd: null,
      stripeSubscriptionId: null,
    })
    await page.reload()
    await banner(page).getByRole('button', { name: 'Start Trial' }).click()
    await page.getByText('Trial Setup Failed').first().waitFor()
    expect(await page.getByText('already used its free trial').first().isVisible()).toBe(true)
  })

  it('staff never see the banner', async () => {
    const page = await signedInSupervisor(newPage(), 'deacon')
    await banner(page).waitFor()
    // A volunteer of the same organization, signed in on a page of their own.
    const credentials = await addMember(page, {
      email: `v-${Date.now()}@example.org`,
      firstName: 'Val',
      lastName: 'Volunteer',
      department: 'Youth',
      role: 'volunteer',
    })
    const staff = await newPage()
    const staffRequests: string[] = []
    staff.on('request', (r) => staffRequests.push(new URL(r.url()).pathname))
    await signInAsStaff(staff, credentials)
    expect(await banner(staff).count()).toBe(0)
    expect(staffRequests).not.toContain('/api/subscription/status')
  })

  it('checkout says plainly that billing is not configured, and a signed-out visitor comes back to it', async () => {
    const page = await newPage()
    const errors = collectErrors(page)
    await page.goto('/subscribe?plan=price_starter_yearly')
    // Signed out: to the identity provider, then back to this plan's checkout.
    await page.getByLabel('Email').fill(uniquePerson('bookkeeper').email)
    await page.getByLabel('First name').fill('Book')
    await page.getByLabel('Last name').fill('Keeper')
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.getByRole('heading', { name: 'Online payment is not set up for this installation yet' }).waitFor()
    const url = new URL(page.url())
    expect(url.pathname + url.search).toBe('/subscribe?plan=price_starter_yearly')
    expect(await page.getByText('Billing is not configured', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText(/14-day free trial keeps working/).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Complete Your Subscription' }).count()).toBe(0)
    expect(await page.getByText('Payment Successful').count()).toBe(0)
    // No card form: Stripe.js was never asked for.
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="stripe"]').length)).toBe(0)
    // The trial is still running.
    expect(await banner(page).getByText('Free Trial Active').isVisible()).toBe(true)

    await page.getByRole('link', { name: 'Back to Pricing' }).click()
    await page.getByRole('heading', { name: 'Plans for every ministry' }).waitFor()
    expect(errors.filter((e) => !e.includes('/api/auth/user'))).toEqual([])
  })
})

describe('the content security policy', () => {
  /** Violations the page reports (script, frame, image or connection blocked by the policy). */
  const collectViolations = async (page: Page) => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`))
    })
    return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
  }

  it('allows no inline script, and the app runs under it without a single violation', async () => {
    const page = await newPage()
    const violations = await collectViolations(page)
    const home = await page.goto('/')
    const csp = (await home!.allHeaders())['content-security-policy']!
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!
    expect(scriptSrc.trim()).toBe("script-src 'self' https://js.stripe.com")
    await signInAsSupervisor(page, uniquePerson('policy'))
    for (const path of ['/reports', '/settings', '/pricing', '/subscribe?plan=price_starter_yearly']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    expect(await violations()).toEqual([])
    // An inline script is refused: the policy is really in force.
    await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.inlineRan = true'
      document.body.append(s)
    })
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined()
    expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true)
  })

  it("lets Stripe.js load and mount its Payment Element frame (Stripe's origins, served here by a stand-in)", async () => {
    // This machine has no internet: Stripe's origins answer from a stand-in with Stripe.js's shape.
    const page = await newPage()
    await page.route('https://js.stripe.com/**', (route) => {
      const url = new URL(route.request().url())
      if (url.pathname === '/v3/')
        return route.fulfill({
          contentType: 'text/javascript',
          body: `window.Stripe = () => ({ elements: () => ({ create: () => ({ mount(sel) {
            const f = document.createElement('iframe'); f.name = 'payment-element';
            f.src = 'https://js.stripe.com/v3/elements-inner-payment.html'; document.querySelector(sel).append(f)
          } }) }) })`,
        })
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>card form</p>' })
    })
    const violations = await collectViolations(page)
    await page.goto('/pricing')
    await page.evaluate(async () => {
      const script = document.createElement('script')
      script.src = 'https://js.stripe.com/v3/'
      await new Promise((resolve, reject) => {
        script.onload = resolve
        script.onerror = reject
        document.head.append(script)
      })
      const host = document.createElement('div')
      host.id = 'payment'
      document.body.append(host)
      const stripe = (window as unknown as { Stripe: (key: string) => any }).Stripe('pk_test_x')
      stripe.elements({ clientSecret: 'pi_x_secret_y' }).create('payment').mount('#payment')
    })
    await expect.poll(async () => page.frame({ name: 'payment-element' })?.locator('p').textContent()).toBe('card form')
    expect(await violations()).toEqual([])
  })
})
