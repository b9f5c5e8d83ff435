import type { AllocationCode } from '@app/core'

/** An allocation code: a ministry with no class, cost number, budget or dates, active unless told. */
export const makeCode = (id: string, name: string, overrides: Partial<AllocationCode> = {}): AllocationCode => ({
  id,
  name,
  kind: 'ministry',
  className: null,
  costNumber: null,
  budgetHours: null,
  from: null,
  to: null,
  active: true,
  ...overrides,
})
