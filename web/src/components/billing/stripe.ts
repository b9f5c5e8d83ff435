import { queryOptions } from '@tanstack/react-query'
import { loadStripe } from '@stripe/stripe-js/pure'
import { billingKeys } from '../../api/keys.ts'

/**
 * Stripe.js for a publishable key, fetched from Stripe only when checkout asks for it (the
 * `pure` entry point adds no script at import). Kept for the page's life: loading it twice
 * would add a second script.
 */
export const stripeJsQuery = (publishableKey: string) =>
  queryOptions({
    queryKey: billingKeys.stripeJs(publishableKey),
    queryFn: async () => {
      const stripe = await loadStripe(publishableKey)
      if (!stripe) throw new Error('Stripe.js is not available in this browser.')
      return stripe
    },
    staleTime: Infinity,
    gcTime: Infinity,
  })
