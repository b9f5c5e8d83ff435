import { badRequest, PasswordReset, MemberParams } from '@app/core'
import { generatePassword, staffPool } from '@app/adapters'
import { memberSubject, sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { assertInScope } from '../workflows/campuses.ts'

/** A new generated password for a staff login, shown once; the member's sessions end at once. */
export default defineRoute({
  method: 'POST',
  path: '/api/employees/{id}/reset-password',
  auth: 'supervisor',
  params: MemberParams,
  response: PasswordReset,
  errors: [404],
  uses: ['table', 'staffPool'],
  handler: async ({ params, session, db }) => {
    const member = assertInScope(session.user, await db.users.get(params.id))
    if (member.authType !== 'local' || !member.username) {
      throw badRequest(
        'This member signs in with their own identity provider account; there is no password to reset here',
      )
    }
    const password = generatePassword()
    await staffPool.setPassword(member.username, password)
    // The change is in the staff pool, not the table: recorded once it is made, in the transaction
    // that ends every session made until now (checked on each request), and the sessions deleted.
    await db.users.endSessions(member.id, session.user, {
      action: 'member.passwordReset',
      subject: memberSubject(member),
    })
    await sessions.deleteForUser(db.orgId, member.id)
    return { temporaryCredentials: { username: member.username, password } }
  },
})
