import * as z from 'zod'
import { Role } from './roles.ts'

/** The Add Member form and request (spec section 5, with its messages). */
export const NewMember = z.object({
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('Valid email is required')),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  department: z
    .string({ error: 'Department is required' })
    .trim()
    .min(1, 'Department is required')
    .max(100, 'Department must be at most 100 characters'),
  role: Role.default('employee'),
})
export type NewMember = z.infer<typeof NewMember>

export const TemporaryCredentials = z.object({ username: z.string(), password: z.string() })
export type TemporaryCredentials = z.infer<typeof TemporaryCredentials>
