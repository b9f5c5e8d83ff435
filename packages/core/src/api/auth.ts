import * as z from 'zod'
import { User } from '../user.ts'
import { OrganizationClosure } from '../closure.ts'

/** GET /api/auth/user: the signed-in member, and whether this is the read-only demo. */
export const CurrentUser = User.extend({
  demo: z.boolean(),
  /** Issue 35: the organization is closed; nothing but this notice (and Reopen, for supervisors) is reachable. */
  organizationClosed: OrganizationClosure.optional(),
})
export type CurrentUser = z.infer<typeof CurrentUser>

/** POST /api/staff/login: the member signed in (the session comes as a cookie). */
export const SignedInMember = User
export type SignedInMember = z.infer<typeof SignedInMember>
