import type Stripe from 'stripe'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { SubscriptionStatus } from '@app/core'

/** The statuses Stripe names, without the open string its types leave room for. */
type Named<T> = T extends string ? (string extends T ? never : T) : never

describe('subscription statuses', () => {
  // A status Stripe adds and we do not know would be dropped by the webhook: typecheck fails first.
  it('are the ones Stripe names for a subscription, and our own trial before there is one', () => {
    expectTypeOf<SubscriptionStatus>().toEqualTypeOf<Named<Stripe.Subscription.Status> | 'trial'>()
    expect(SubscriptionStatus.options).toContain('trial')
  })
})
