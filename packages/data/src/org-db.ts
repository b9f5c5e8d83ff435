import { usersOf } from './users.ts'

/** The data modules with one organization bound; handlers only ever see this. */
export const orgDb = (orgId: string) => ({
  orgId,
  users: usersOf(orgId),
})
export type OrgDb = ReturnType<typeof orgDb>
