import * as z from 'zod'

export const Role = z.enum(['employee', 'supervisor', 'volunteer'])
export type Role = z.infer<typeof Role>

/** Who may call a route: anyone, any signed-in member, or supervisors only. */
export const Access = z.enum(['public', 'member', 'supervisor'])
export type Access = z.infer<typeof Access>

export const roleLabel: Record<Role, string> = {
  employee: 'Staff Member',
  supervisor: 'Supervisor',
  volunteer: 'Volunteer',
}

export const AuthType = z.enum(['oidc', 'local'])
export type AuthType = z.infer<typeof AuthType>
