import { budgetLocked, KioskInfo, unauthorized } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * What the kiosk screen needs to know of itself: its name, the organization's time zone (every time
 * it shows is in that zone, and it keeps the zone for offline use), and until when it is locked by
 * its own budget of wrong PINs (null when it is not).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/kiosk',
  auth: 'member',
  kiosk: true,
  response: KioskInfo,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ session, db }) => {
    const [kiosk, org] = await Promise.all([db.kiosks.find(session.kioskId!), db.organization.get()])
    if (!kiosk) throw unauthorized()
    const locked = budgetLocked(kiosk, Math.floor(Date.now() / 1000))
    return {
      name: kiosk.name,
      timeZone: org.timeZone,
      lockedUntil: locked ? new Date(kiosk.lockedUntil! * 1000).toISOString() : null,
    }
  },
})
