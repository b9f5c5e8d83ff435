/** A member's name as screens and emails show it (zod-free: the first screens use it). */
interface Named {
  firstName: string
  lastName: string
}

export const fullName = (u: Named) => `${u.firstName} ${u.lastName}`.trim()
export const initials = (u: Named) => `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase()
