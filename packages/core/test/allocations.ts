import type { AllocationCode } from '../src/allocation.ts'
import type { DayFigures } from '../src/overtime.ts'

/** An active ministry with nothing else set: `fields` say what a test is about. */
export const allocationCode = (
  fields: Partial<AllocationCode> & Pick<AllocationCode, 'id' | 'name'>,
): AllocationCode => ({
  kind: 'ministry',
  className: null,
  costNumber: null,
  budgetHours: null,
  from: null,
  to: null,
  active: true,
  ...fields,
})

/** The scenario's fund: Youth (Grant A), with its class and a 30-hour budget. */
export const youthGrant = allocationCode({
  id: 'youth',
  name: 'Youth (Grant A)',
  kind: 'fund',
  className: 'Youth',
  budgetHours: 30,
})

/** A day's figures (Monday 2026-11-16 unless `fields` say otherwise): all paid minutes regular, no break. */
export const workedDay = (
  paidMinutes: number,
  allocations?: { code: string; minutes: number }[],
  fields: Partial<DayFigures> = {},
): DayFigures => ({
  date: '2026-11-16',
  paidMinutes,
  breakMinutes: 0,
  regularMinutes: paidMinutes,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  ...(allocations ? { allocations } : {}),
  ...fields,
})

/** A member's week as the allocation report reads it (week of 2026-11-16): only its days count. */
export const reportedWeek = (employeeId: string, role: 'employee' | 'volunteer', days: DayFigures[]) => ({
  employeeId,
  role,
  weekStartDate: '2026-11-16',
  timesheetId: 1,
  payType: 'non-exempt' as const,
  paidMinutes: 0,
  breakMinutes: 0,
  regularMinutes: 0,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  daysWorked: days.length,
  days,
})
