import { randomUUID } from 'node:crypto'
import { AddedMember, assertCanAddMember, badRequest, entitlements, NewMember, todayIn } from '@app/core'
import { generatePassword, staffPool, usernameCandidates } from '@app/adapters'
import { duplicateEmailMessage, system } from '@app/data'
import { confirmationEmail } from '../workflows/address-confirmation.ts'
import { deliver } from '../workflows/mailer.ts'
import { memberEventData } from '../workflows/webhook-events.ts'
import { deliverNow } from '../workflows/webhook-sender.ts'
import { defineRoute } from '../http/define-route.ts'
import { assertDefaultCode } from '../workflows/allocations.ts'
import { assertMemberCampus } from '../workflows/campuses.ts'

/**
 * Adds a member with a generated username and a strong generated password, returned once as
 * temporaryCredentials: the password is kept only by the staff pool.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/employees',
  auth: 'supervisor',
  body: NewMember,
  response: AddedMember,
  uses: ['table', 'staffPool', 'email', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    const org = await db.organization.get()
    const allowed = entitlements(org)
    assertCanAddMember(allowed, await db.members.count())
    await assertDefaultCode(db, body.defaultCode)
    await assertMemberCampus(db, session.user, body)
    if (await db.members.emailTaken(body.email))
      throw badRequest(duplicateEmailMessage, { email: duplicateEmailMessage })

    const password = generatePassword()
    const username = await createLogin(body.firstName, body.lastName, password)
    try {
      // The member's approver is the supervisor adding them unless the request names one (or null).
      const member = {
        ...body,
        supervisorId: body.supervisorId === undefined ? session.userId : body.supervisorId,
        // Pay (holidays included) starts on the hire date: the day added, in the organization's zone, unless given.
        hireDate: body.hireDate ?? todayIn(org.timeZone),
      }
      // The address gets only its confirmation link until its owner confirms it; a
      // supervisor's invitation to sign in through Supervisor Login follows the confirmation.
      const id = randomUUID()
      const confirmation = await confirmationEmail(
        db.orgId,
        { id, firstName: body.firstName, language: session.user.language },
        body.email,
        org,
      )
      const webhooks = await db.webhooks.event('member.added', memberEventData({ ...member, id }, session.user))
      const user = await db.members.add({ ...member, id }, username, allowed.memberLimit, session.user, {
        emails: [confirmation],
        webhooks,
      })
      await Promise.all([deliver(db.orgId, confirmation.id, confirmation.email, 0, org), deliverNow(webhooks)])
      return { ...user, temporaryCredentials: { username, password } }
    } catch (e) {
      await staffPool.deleteUser(username) // no orphaned login when the member could not be added
      throw e
    }
  },
})

/** A free username for the name (a random tag makes one in a few tries; 64 means something else is wrong). */
const createLogin = async (firstName: string, lastName: string, password: string) => {
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
