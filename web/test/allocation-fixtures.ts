import type { AllocationCode } from '@app/core'
import { allocationCode } from '../../packages/core/test/allocations.ts'

/** An allocation code: core's test ministry (no class, cost number, budget or dates, active) unless told. */
export const makeCode = (id: string, name: string, overrides: Partial<AllocationCode> = {}): AllocationCode =>
  allocationCode({ id, name, ...overrides })
