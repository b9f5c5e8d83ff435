/**
 * Tests only: Stripe.js cannot load here (no network), so tests replace '@stripe/stripe-js/pure'
 * and '@stripe/react-stripe-js' with these, at module level:
 *
 *   vi.mock('@stripe/stripe-js/pure', async () => (await import('../../test/stripe-test-double.tsx')).stripeJsModule)
 *   vi.mock('@stripe/react-stripe-js', async () => (await import('../../test/stripe-test-double.tsx')).reactStripeModule)
 *
 * The Payment Element is a plain box that reports ready once Stripe is there, as the real one does.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { vi } from 'vitest'

export const fakeElements = { kind: 'fake-elements' }

export const fakeStripe = {
  confirmSetup: vi.fn(),
  confirmPayment: vi.fn(),
}

export const stripeJsModule = {
  loadStripe: vi.fn(async (_key: string) => fakeStripe),
}

const ElementsContext = createContext<{ stripe: unknown; clientSecret: string | undefined } | null>(null)

function Elements({
  stripe,
  options,
  children,
}: {
  stripe: unknown
  options?: { clientSecret?: string }
  children: ReactNode
}) {
  return (
    <ElementsContext.Provider value={{ stripe, clientSecret: options?.clientSecret }}>
      {children}
    </ElementsContext.Provider>
  )
}

function PaymentElement({ onReady }: { onReady?: () => void }) {
  const context = useContext(ElementsContext)
  const hasStripe = Boolean(context?.stripe)
  useEffect(() => {
    if (hasStripe) onReady?.()
  }, [hasStripe, onReady])
  return <div data-testid="payment-element" data-client-secret={context?.clientSecret} />
}

export const reactStripeModule = {
  Elements,
  PaymentElement,
  useStripe: () => useContext(ElementsContext)?.stripe ?? null,
  useElements: () => (useContext(ElementsContext)?.stripe ? fakeElements : null),
}

/** Back to a Stripe that loads at once and confirms nothing yet. */
export function resetStripeDouble() {
  fakeStripe.confirmSetup.mockReset()
  fakeStripe.confirmPayment.mockReset()
  stripeJsModule.loadStripe.mockReset()
  stripeJsModule.loadStripe.mockImplementation(async () => fakeStripe)
}
