/** Every key of the table is built here and nowhere else. Organization-owned keys begin ORG#<orgId>. */
const org = (orgId: string) => `ORG#${orgId}`

export const keys = {
  organization: (orgId: string) => ({ pk: org(orgId), sk: 'ORG' }),
  orgSlug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),

  user: (orgId: string, userId: string) => ({ pk: org(orgId), sk: `USER#${userId}` }),
  usersPrefix: 'USER#',
  orgPk: org,
  /** Uniqueness of an email within one organization. */
  userEmail: (orgId: string, email: string) => ({ pk: org(orgId), sk: `EMAIL#${email.toLowerCase()}` }),

  /** Cross-organization lookups, used only by the system module. */
  subject: (issuer: string, subject: string) => ({ pk: `SUBJECT#${issuer}#${subject}`, sk: 'SUBJECT' }),
  username: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'USERNAME' }),
  loginFailures: (username: string) => ({ pk: `LOGINFAIL#${username.toLowerCase()}`, sk: 'LOGINFAIL' }),
  authRequest: (state: string) => ({ pk: `AUTHREQ#${state}`, sk: 'AUTHREQ' }),

  session: (sidHash: string) => ({ pk: `SESSION#${sidHash}`, sk: 'SESSION' }),
  /** GSI1: a user's sessions, so removing a member ends them all. */
  userSessions: (orgId: string, userId: string) => `${org(orgId)}#USER#${userId}#SESSIONS`,
}
