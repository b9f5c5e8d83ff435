import { inScope, KioskList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The organization's kiosks with their last use (Settings → Kiosk). */
export default defineRoute({
  method: 'GET',
  path: '/api/kiosks',
  auth: 'supervisor',
  response: KioskList,
  uses: ['table:read'],
  // A campus admin lists their campuses' kiosks.
  handler: async ({ session, db }) => (await db.kiosks.list()).filter((k) => inScope(session.user, k)),
})
