import type { Language } from '@app/core'
import type { Identity } from '@app/adapters'
import { orgDb, sessions, type NewSupervisor } from '@app/data'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { clientOf } from '../http/client.ts'

/** The page where a first sign-in with open invitations chooses (web/src/pages/SignInChoicePage.tsx). */
export const SIGN_IN_CHOICE_PAGE = '/sign-in/choice'

/** The supervisor a first sign-in makes with an organization of their own. */
export const newSupervisorOf = (
  identity: Pick<Identity, 'issuer' | 'subject' | 'email' | 'firstName' | 'lastName' | 'picture'>,
  timeZone: string,
  language: Language | undefined,
): NewSupervisor => ({
  issuer: identity.issuer,
  subject: identity.subject,
  email: identity.email,
  firstName: identity.firstName,
  lastName: identity.lastName,
  profileImageUrl: identity.picture,
  timeZone,
  language,
})

/**
 * A Supervisor Login's end: the member's session (replacing the browser's previous one), the
 * browser's language kept on a member who never chose one. Undefined when the member is gone.
 */
export const openSupervisorSession = async (
  member: { orgId: string; userId: string },
  language: Language | undefined,
  event: APIGatewayProxyEventV2,
  previous: { sid: string } | undefined,
): Promise<{ sid: string } | undefined> => {
  const db = orgDb(member.orgId)
  const found = await db.users.find(member.userId)
  if (!found) return undefined
  const user = language ? await db.members.setLanguage(found.id, language, 'browser', found) : found
  if (previous) await sessions.delete(previous.sid)
  const { sid } = await sessions.create(member, { member: user, client: clientOf(event) })
  return { sid }
}
