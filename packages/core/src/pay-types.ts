import * as z from 'zod'

/** How the law pays a member: non-exempt staff earn overtime; exempt staff and ministers never do. */
export const PayType = z.enum(['non-exempt', 'exempt', 'minister'], {
  error: 'Pay type must be non-exempt, exempt or minister',
})
export type PayType = z.infer<typeof PayType>
export const DEFAULT_PAY_TYPE: PayType = 'non-exempt'

export const payTypeLabel: Record<PayType, string> = {
  'non-exempt': 'Non-exempt (hourly)',
  exempt: 'Exempt (salaried)',
  minister: 'Minister',
}
