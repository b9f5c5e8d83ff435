import { randomUUID } from 'node:crypto'
import { todayIn, type NewMember, type Organization, type PayType, type User } from '@app/core'
import { generatePassword, staffPool, usernameCandidates } from '@app/adapters'
import { system, type Effects, type OrgDb, type Person } from '@app/data'
import { confirmationEmail } from './address-confirmation.ts'
import { memberEventData } from './webhook-events.ts'

/** A free username for the name (a random tag makes one in a few tries; 64 means something else is wrong). */
export const createLogin = async (firstName: string, lastName: string, password: string) => {
  let tries = 0
  for (const candidate of usernameCandidates(firstName, lastName)) {
    if (++tries > 64) break
    if (await system.findByUsername(candidate)) continue
    try {
      await staffPool.createUser(candidate, password)
      return candidate
    } catch (e) {
      if ((e as Error).name !== 'UsernameExistsException') throw e
    }
  }
  throw new Error('no free username after 64 tries')
}

/** The Add Member request, and what an import's row may also give. */
export interface MemberToAdd extends NewMember {
  phone?: string
  payType?: PayType
  payrollId?: string | null
}

/**
 * Adds a member with a generated username and a strong generated password (the password is kept
 * only by the staff pool and returned once): the Add Member dialog's path, and an import's for
 * each new row. `supervisorId` absent makes `by` their approver. The address gets only its
 * confirmation link until its owner confirms it (a supervisor's invitation follows the
 * confirmation). `effects` are written in the member's transaction (an import's progress). The
 * confirmation email and the webhook deliveries are queued with the member and answered
 * (`queued`): the Add Member dialog sends them at once; an import or a sync leaves them to the
 * outbox's retry job, and so bundles no email rendering.
 */
export const addMemberWithLogin = async (
  db: OrgDb,
  org: Organization,
  body: MemberToAdd,
  by: Person & { language: User['language'] },
  limit: number | null,
  options: {
    effects?: (login: { id: string; username: string; password: string }) => Effects | Promise<Effects>
  } = {},
) => {
  const password = generatePassword()
  const username = await createLogin(body.firstName, body.lastName, password)
  try {
    const member = {
      ...body,
      supervisorId: body.supervisorId === undefined ? by.id : body.supervisorId,
      // Pay (holidays included) starts on the hire date: the day added, in the organization's zone, unless given.
      hireDate: body.hireDate ?? todayIn(org.timeZone),
    }
    const id = randomUUID()
    const confirmation = await confirmationEmail(
      db.orgId,
      { id, firstName: body.firstName, language: by.language },
      body.email,
      org,
    )
    const webhooks = await db.webhooks.event('member.added', memberEventData({ ...member, id }, by))
    const extra = (await options.effects?.({ id, username, password })) ?? {}
    const user = await db.members.add({ ...member, id }, username, limit, by, {
      ...extra,
      emails: [...(extra.emails ?? []), confirmation],
      webhooks: [...(extra.webhooks ?? []), ...webhooks],
    })
    return { user, temporaryCredentials: { username, password }, queued: { confirmation, webhooks } }
  } catch (e) {
    await staffPool.deleteUser(username) // no orphaned login when the member could not be added
    throw e
  }
}
