import * as z from 'zod'
import { DEFAULT_PAY_TYPE, PayType } from './pay-types.ts'
import { AuthType, Role } from './roles.ts'
import { Language } from './language.ts'
import { DEFAULT_LANGUAGE } from './languages.ts'
import { Away } from './approvals.ts'

/** A member of an organization as the API answers it: never a password or a secret. */
export const User = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  department: z.string().nullable(),
  role: Role,
  supervisorId: z.string().nullable(),
  username: z.string().nullable(),
  authType: AuthType,
  /** How the member is paid (overtime only for non-exempt) and their id in the payroll system. */
  payType: PayType.default(DEFAULT_PAY_TYPE),
  payrollId: z.string().nullable().default(null),
  /** The member's phone, when a directory import gave one. */
  phone: z.string().nullable().optional(),
  /** The language of the member's screens and emails (editable on /profile). */
  language: Language.default(DEFAULT_LANGUAGE),
  /** A supervisor's time away and their delegate (PUT /api/profile/away), or null. */
  away: Away.nullable().default(null),
  /**
   * Whether the member's owner confirmed their email address by its one-click link; an
   * unconfirmed address gets no email but that link's. Items stored before it have none and read
   * as confirmed (they were already receiving email; see the README).
   */
  emailConfirmed: z.boolean().default(true),
  /** The ministry or fund a day with no split goes to (a code's id); absent or null: 'Unallocated'. */
  defaultCode: z.string().nullable().optional(),
  /**
   * The day the member's pay starts (holiday pay from it on). Members stored before hire dates have
   * none: `hireDateOf` gives the day they were added, and `GET /api/employees` answers that.
   */
  hireDate: z.string().optional(),
  /** A supervisor who is not paid: no payroll lines, no holiday hours, no timesheet reminders. */
  unpaid: z.boolean().default(false),
  /** The member's campus (absent while the organization has none). */
  campusId: z.string().nullable().optional(),
  /** A supervisor's campuses; absent or empty: the whole church. */
  campusIds: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type User = z.infer<typeof User>
