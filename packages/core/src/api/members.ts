import * as z from 'zod'
import { TemporaryCredentials } from '../member.ts'
import { User } from '../user.ts'

/** GET /api/members: current members by last name. */
export const MemberList = z.array(User)
export type MemberList = z.infer<typeof MemberList>

/** POST /api/members: the new member and the login to hand them (shown once). */
export const AddedMember = User.extend({ temporaryCredentials: TemporaryCredentials })
export type AddedMember = z.infer<typeof AddedMember>

/** POST /api/members/{id}/reset-password. */
export const PasswordReset = z.object({ temporaryCredentials: TemporaryCredentials })
export type PasswordReset = z.infer<typeof PasswordReset>

/** A member's routes' path: `/api/employees/{id}/…`. */
export const MemberParams = z.object({ id: z.uuid('Member id must be a valid id') })
