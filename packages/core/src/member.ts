import * as z from 'zod'
import { Role } from './roles.ts'
import { limitedText, requiredText } from './text-schemas.ts'
import { TEXT_LIMITS } from './text.ts'
import { ApproverId } from './approvals.ts'
import { AllocationCodeId } from './allocation.ts'
import { HireDate, UNPAID_ROLE_MESSAGE } from './hire.ts'
import { CampusScope, MemberCampus } from './campus.ts'

/** A member's default ministry or fund (a code's id that exists and is active), or null for none. */
export const DefaultCode = AllocationCodeId.nullable()

/** The Add Member form and request (spec section 5, with its messages). */
export const NewMember = z
  .object({
    email: z
      .string({ error: 'Valid email is required' })
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email('Valid email is required')),
    firstName: requiredText(
      'First name is required',
      TEXT_LIMITS.firstName,
      `First name must be at most ${TEXT_LIMITS.firstName} characters`,
    ),
    lastName: requiredText(
      'Last name is required',
      TEXT_LIMITS.lastName,
      `Last name must be at most ${TEXT_LIMITS.lastName} characters`,
    ),
    department: requiredText(
      'Department is required',
      TEXT_LIMITS.department,
      `Department must be at most ${TEXT_LIMITS.department} characters`,
    ),
    role: Role.default('employee'),
    /** The member's approver (a supervisor of the organization) or null; the adding supervisor when absent. */
    supervisorId: ApproverId.optional(),
    /** The member's default ministry or fund; none when absent. */
    defaultCode: DefaultCode.optional(),
    /** The day the member's pay starts; the day added, in the organization's zone, when absent. */
    hireDate: HireDate.optional(),
    /** Only for a supervisor: not paid (no payroll lines, no holiday hours, no reminders). */
    unpaid: z.boolean({ error: 'unpaid must be true or false' }).optional(),
    /** The member's campus: required (and active) once the organization has campuses (`memberCampusProblem`). */
    campusId: MemberCampus.optional(),
    /** Only for a supervisor: the campuses they administer; none (the default) is the whole church. */
    campusIds: CampusScope.optional(),
  })
  .refine((m) => !m.unpaid || m.role === 'supervisor', { message: UNPAID_ROLE_MESSAGE, path: ['unpaid'] })
export type NewMember = z.infer<typeof NewMember>

/** A member's phone number as a directory gives it: digits with the usual separators, a leading + and a short extension allowed. */
export const PHONE_MAX_LENGTH = 40
export const Phone = limitedText('Phone', PHONE_MAX_LENGTH).regex(
  /^\+?[0-9 ().-]{4,30}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i,
  'Phone must be a phone number',
)

export const TemporaryCredentials = z.object({ username: z.string(), password: z.string() })
export type TemporaryCredentials = z.infer<typeof TemporaryCredentials>
