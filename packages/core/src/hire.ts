import { dateInZone } from './datetime.ts'
import type { Role } from './roles.ts'
import { dateField } from './date-field.ts'

/**
 * When a member's pay starts, and whether they are paid at all. The hire date decides holiday pay
 * (a holiday before it is not theirs); a member stored before hire dates existed has none and is
 * hired on the day they were added, in the organization's zone. A supervisor may be unpaid (a
 * pastor's spouse who approves, a board member): no payroll lines, no holiday hours, no reminders
 * to keep a timesheet. Staff are paid by definition and volunteers are unpaid by their role.
 */

const HIRE_DATE_MESSAGE = 'Hire date must be a date like 2026-11-16'

/** 'YYYY-MM-DD', between 2000 and 2100. */
export const HireDate = dateField(HIRE_DATE_MESSAGE, 'Hire date must be between 2000 and 2100')

export const UNPAID_ROLE_MESSAGE = 'Only a supervisor can be marked unpaid'

/** The member's hire date: the stored one, or the day they were added in the organization's zone. */
export const hireDateOf = (member: { hireDate?: string | null; createdAt: string }, timeZone: string): string =>
  member.hireDate ?? dateInZone(member.createdAt, timeZone)

/** Whether the member is paid: not a volunteer, and not a supervisor marked unpaid. */
export const isPaidMember = (member: { role: Role; unpaid?: boolean | null }): boolean =>
  member.role !== 'volunteer' && !(member.role === 'supervisor' && member.unpaid === true)

/**
 * The first day whose holidays no longer pay a removed member (undefined while a member): as
 * stored with the removal, or, for one removed before that was stored, the removal's day in the
 * organization's zone.
 */
export const leftOnOf = (member: { removedAt?: string; leftOn?: string }, timeZone: string): string | undefined =>
  member.leftOn ?? (member.removedAt === undefined ? undefined : dateInZone(member.removedAt, timeZone))

/** Whether a holiday on `date` pays this member: a paid member hired on or before it and not removed by then. */
export const paysHoliday = (
  member: { role: Role; unpaid?: boolean | null; hireDate: string | undefined; leftOn?: string | undefined },
  date: string,
): boolean =>
  isPaidMember(member) &&
  (member.hireDate === undefined || member.hireDate <= date) &&
  (member.leftOn === undefined || date < member.leftOn)
