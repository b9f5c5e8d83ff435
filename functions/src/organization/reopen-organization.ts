import { closeMessages, conflict, NoContent, todayIn } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Reopens a closed organization before its erasure date: the one thing, with sign-out
 * and who they are, that a closed organization's supervisor still reaches. Members' sessions and
 * API tokens work again from the next request; the cancelled subscription stays cancelled.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/reopen',
  auth: 'supervisor',
  wholeChurch: true,
  whenClosed: true,
  response: NoContent,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ session, db }) => {
    if (!session.closure) throw conflict(closeMessages.notClosed)
    const org = await db.organization.get()
    await db.closure.reopen(session.user, todayIn(org.timeZone))
    return undefined
  },
})
