import * as z from 'zod'
import { User } from '../user.ts'
import { OrganizationClosure } from '../closure.ts'

/**
 * How a member can sign in: Supervisor Login through the identity provider (an identity bound to
 * them), Staff Login with their username; a supervisor invited by a colleague may have both.
 */
export const SignInWay = z.enum(['supervisorLogin', 'staffLogin'])
export type SignInWay = z.infer<typeof SignInWay>

/** GET /api/auth/user: the signed-in member, and whether this is the read-only demo. */
export const CurrentUser = User.extend({
  demo: z.boolean(),
  /** How they can sign in (GET /api/auth/user answers it; absent from other answers). */
  signInWays: z.array(SignInWay).optional(),
  /** Issue 35: the organization is closed; nothing but this notice (and Reopen, for supervisors) is reachable. */
  organizationClosed: OrganizationClosure.optional(),
})
export type CurrentUser = z.infer<typeof CurrentUser>

/** POST /api/staff/login: the member signed in (the session comes as a cookie). */
export const SignedInMember = User
export type SignedInMember = z.infer<typeof SignedInMember>

/**
 * GET /api/profile/devices (issue 34): the phones the caller chose 'Keep me signed in on this
 * phone' on, newest first; `current` is the one asking.
 */
export const RememberedDevice = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
})
export type RememberedDevice = z.infer<typeof RememberedDevice>
export const RememberedDevices = z.object({ devices: z.array(RememberedDevice) })
export type RememberedDevices = z.infer<typeof RememberedDevices>
