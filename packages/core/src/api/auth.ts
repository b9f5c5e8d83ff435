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
  /** The organization is closed; nothing but this notice (and Reopen, for supervisors) is reachable. */
  organizationClosed: OrganizationClosure.optional(),
})
export type CurrentUser = z.infer<typeof CurrentUser>

/** POST /api/staff/login: the member signed in (the session comes as a cookie). */
export const SignedInMember = User
export type SignedInMember = z.infer<typeof SignedInMember>

/**
 * GET /api/profile/devices: the phones the caller chose 'Keep me signed in on this
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

/**
 * GET /api/sign-in/choice: a first Supervisor Login whose verified email was invited by one or more
 * organizations waits for its person to choose; this is what they choose between.
 */
export const SignInChoice = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  invitations: z.array(
    z.object({
      organizationId: z.string(),
      organizationName: z.string(),
      /** Who added them as a supervisor (null when the product did). */
      inviterName: z.string().nullable(),
    }),
  ),
})
export type SignInChoice = z.infer<typeof SignInChoice>

/** POST /api/sign-in/choice: join the organization that invited them, or start their own. */
export const SignInDecision = z
  .object({
    choice: z.enum(['join', 'own'], { error: "Choose 'join' or 'own'" }),
    organizationId: z.string().max(64).optional(),
  })
  .refine((d) => d.choice !== 'join' || Boolean(d.organizationId), {
    message: 'Choose the organization to join',
    path: ['organizationId'],
  })
export type SignInDecision = z.infer<typeof SignInDecision>

/** The answer of POST /api/sign-in/choice: where the now signed-in supervisor goes (the session comes as a cookie). */
export const SignedInPath = z.object({ returnTo: z.string() })
export type SignedInPath = z.infer<typeof SignedInPath>
