import type Stripe from 'stripe'
import { stripe } from './billing.ts'

export interface CouponDetails {
  /** What to put in a subscription's discounts. */
  discount: { promotion_code: string } | { coupon: string }
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

/** A customer-facing promotion code first, then a coupon id; undefined when neither is valid. */
export const couponDetails = async (code: string): Promise<CouponDetails | undefined> => {
  const client = await stripe()
  const promos = await client.promotionCodes.list({ code, active: true, limit: 1 })
  const promo = promos.data[0]
  if (promo) {
    const coupon = await client.coupons.retrieve(
      typeof promo.promotion.coupon === 'string' ? promo.promotion.coupon : promo.promotion.coupon!.id,
    )
    if (coupon.valid)
      return { discount: { promotion_code: promo.id }, name: coupon.name ?? code, description: describe(coupon) }
  }
  try {
    const coupon = await client.coupons.retrieve(code)
    if (coupon.valid)
      return { discount: { coupon: coupon.id }, name: coupon.name ?? code, description: describe(coupon) }
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode !== 404) throw e
  }
  return undefined
}
