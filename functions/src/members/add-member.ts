import { AddedMember, assertCanAddMember, badRequest, entitlements, NewMember } from '@app/core'
import { duplicateEmailMessage } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { assertDefaultCode } from '../workflows/allocations.ts'
import { assertApproverReaches, assertMemberCampus } from '../workflows/campuses.ts'
import { deliver } from '../workflows/mailer.ts'
import { addMemberWithLogin } from '../workflows/member-creation.ts'
import { deliverNow } from '../workflows/webhook-sender.ts'

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
  errors: [402, 404, 409],
  uses: ['table', 'staffPool', 'email', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    const org = await db.organization.get()
    const allowed = entitlements(org)
    assertCanAddMember(allowed, await db.members.count())
    await assertDefaultCode(db, body.defaultCode)
    await assertMemberCampus(db, session.user, body)
    await assertApproverReaches(db, body)
    if (await db.members.emailTaken(body.email))
      throw badRequest(duplicateEmailMessage, { email: duplicateEmailMessage })
    const { user, temporaryCredentials, queued } = await addMemberWithLogin(
      db,
      org,
      body,
      session.user,
      allowed.memberLimit,
    )
    const { confirmation, webhooks } = queued
    await Promise.all([deliver(db.orgId, confirmation.id, confirmation.email, 0, org), deliverNow(webhooks)])
    return { ...user, temporaryCredentials }
  },
})
