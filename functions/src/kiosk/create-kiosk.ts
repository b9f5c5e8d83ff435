import { KioskCreate, KioskView } from '@app/core'
import { kioskSessionCookie } from '../http/cookies.ts'
import { kioskCampus } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/**
 * Settings → Kiosk → 'Use this device as a kiosk': the calling browser's session becomes
 * a long-lived kiosk session (a new session id in its cookie), which reaches the kiosk routes only.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/kiosks',
  auth: 'supervisor',
  body: KioskCreate,
  response: KioskView,
  created: true,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const campusId = await kioskCampus(db, session.user, body.campusId)
    const { sid, kiosk } = await db.kiosks.create(body.name, session.user, session.sid, campusId)
    return HttpResponse.json(kiosk, 201, [kioskSessionCookie(sid)])
  },
})
