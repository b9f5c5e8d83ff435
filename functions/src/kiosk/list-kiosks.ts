import { KioskList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The organization's kiosks with their last use (Settings → Kiosk). */
export default defineRoute({
  method: 'GET',
  path: '/api/kiosks',
  auth: 'supervisor',
  response: KioskList,
  uses: ['table:read'],
  handler: ({ db }) => db.kiosks.list(),
})
