import type Stripe from 'stripe'
import { stripe } from './billing.ts'

export interface CouponDetails {
  /** What to put in a subscription's discounts. */
  discount: { promotion_code: string }
  name: string
  description: string
}

const describe = (c: Stripe.Coupon) => {
  const amount = c.percent_off
    ? `${c.percent_off}% off`
    : c.amount_off
      ? `${(c.amount_off / 100).toFixed(2)} ${(c.currency ?? 'usd').toUpperCase()} off`
      : 'Discount'
  const duration =
    c.duration === 'forever'
      ? 'forever'
      : c.duration === 'once'
        ? 'for the first payment'
        : `for ${c.duration_in_months} months`
  return `${amount} ${duration}`
}

/**
 * A customer-facing promotion code, undefined when it is not valid. Raw coupon ids are not
 * accepted: they would skip the redemption limits and restrictions a promotion code carries.
 */
export const couponDetails = async (code: string): Promise<CouponDetails | undefined> => {
  const client = await stripe()
  const promos = await client.promotionCodes.list({ code, active: true, limit: 1 })
  const promo = promos.data[0]
  if (!promo) return undefined
  const coupon = await client.coupons.retrieve(
    typeof promo.promotion.coupon === 'string' ? promo.promotion.coupon : promo.promotion.coupon!.id,
  )
  return coupon.valid
    ? { discount: { promotion_code: promo.id }, name: coupon.name ?? code, description: describe(coupon) }
    : undefined
}
