import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  messages,
  type BillingConfig,
  type CouponCheck,
  type CreatedSubscription,
  type SubscriptionState,
} from '@app/core'
import { ApiError, apiJson, errorMessage, readQuery } from './client.ts'
import { billingKeys } from './keys.ts'
import { subscriptionStatusQuery } from './first-reads.ts'

export const useSubscriptionStatus = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...subscriptionStatusQuery, enabled })

/** GET /api/billing/config (public): what checkout needs to load Stripe in the browser. */
export const billingConfigQuery = readQuery<BillingConfig>(billingKeys.config)

/** What starting checkout came to: a form to fill in, or a reason there is none. */
export type Checkout =
  | ({ kind: 'ready' } & CreatedSubscription)
  /** 503 'Billing is not configured': this installation takes no payments (the trial still works). */
  | { kind: 'billingNotConfigured' }
  /** The session ended: the page sends the browser to sign in and back (spec section 7). */
  | { kind: 'signInRequired' }

/** Spec section 7: a failure whose message contains 401 means signing in again. */
export const needsSignIn = (error: unknown) => error instanceof Error && error.message.includes('401')

const isBillingNotConfigured = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && errorMessage(error, '') === messages.billingNotConfigured

/**
 * POST /api/create-subscription for a plan and an optional coupon, as a query: it runs when
 * checkout opens and again whenever the coupon changes (a new key). The server makes a repeat
 * with the same plan and coupon the same subscription, and replaces the unfinished one when the
 * coupon changes, so an answer is never kept once nobody shows it (gcTime 0): a client secret of
 * a replaced subscription must not be reused.
 */
export const checkoutQuery = (priceId: string, couponCode: string | null) =>
  queryOptions({
    queryKey: billingKeys.checkout(priceId, couponCode),
    queryFn: async (): Promise<Checkout> => {
      try {
        const created = await apiJson<CreatedSubscription>(
          'POST',
          '/api/create-subscription',
          couponCode ? { priceId, couponCode } : { priceId },
        )
        return { kind: 'ready', ...created }
      } catch (e) {
        if (isBillingNotConfigured(e)) return { kind: 'billingNotConfigured' }
        // Answered, not thrown: the app-wide handler would send the browser to sign in without the
        // way back to this plan.
        if (needsSignIn(e)) return { kind: 'signInRequired' }
        throw e
      }
    },
    gcTime: 0,
    staleTime: Infinity,
  })

/** POST /api/start-trial: answers the running trial (409 once it was used); the banner follows. */
export function useStartTrial() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson<SubscriptionState>('POST', '/api/start-trial', {}),
    onSuccess: (view) => {
      queryClient.setQueryData(billingKeys.status, view)
      return queryClient.invalidateQueries({ queryKey: billingKeys.status })
    },
  })
}

/** POST /api/validate-coupon: whether a code is a live coupon, and what it gives. */
export function useValidateCoupon() {
  return useMutation({
    mutationFn: (couponCode: string) => apiJson<CouponCheck>('POST', '/api/validate-coupon', { couponCode }),
  })
}
