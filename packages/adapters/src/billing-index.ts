/** Stripe, imported only by the billing routes (as '@app/adapters/billing') so no other function bundles it. */
export * from './billing.ts'
export * from './coupons.ts'
