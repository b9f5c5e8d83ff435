import * as z from 'zod'
import { CouponCheck, messages, requiredText, unavailable } from '@app/core'
import { billingConfigured, couponDetails } from '@app/adapters/billing'
import { defineRoute } from '../http/define-route.ts'

export default defineRoute({
  method: 'POST',
  path: '/api/validate-coupon',
  auth: 'supervisor',
  wholeChurch: true,
  body: z.object({
    couponCode: requiredText('Please enter a coupon code first.', 100, 'Coupon code must be 100 characters or fewer'),
  }),
  response: CouponCheck,
  errors: [429, 503],
  uses: ['table', 'stripe'],
  handler: async ({ body, db }) => {
    if (!(await billingConfigured())) throw unavailable(messages.billingNotConfigured)
    await db.organization.countCouponAttempt()
    const found = await couponDetails(body.couponCode)
    return found
      ? { valid: true, message: 'Coupon applied', discount: { name: found.name, description: found.description } }
      : { valid: false, message: 'This coupon code is not valid.' }
  },
})
