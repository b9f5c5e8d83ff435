import {
  badRequest,
  kioskMessages,
  pinLocked,
  punchTime,
  PunchAnswer,
  PunchBody,
  tooManyRequests,
  unauthorized,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { punch } from '../workflows/kiosk.ts'
import { pinMatches } from '../workflows/pins.ts'

/**
 * Issue 34: a member clocks in or out at a kiosk with their PIN. A wrong PIN answers 401 and
 * changes nothing but the count of wrong tries; the fifth in a row locks that member's PIN at every
 * kiosk for 15 minutes (429, before the PIN is even checked). A punch the kiosk made offline
 * carries `at`, the time it was made, and counts then (within the last 7 days, not in the future).
 */
export default defineRoute({
  method: 'POST',
  path: '/api/kiosk/punch',
  auth: 'member',
  kiosk: true,
  body: PunchBody,
  response: PunchAnswer,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    // A punch made offline counts at the time it was made (checked before the PIN: bad input is no wrong try).
    const at = punchTime(body.at, new Date())
    if (!at) throw badRequest(kioskMessages.punchTime, { at: kioskMessages.punchTime })
    const [kiosk, pin, member] = await Promise.all([
      db.kiosks.find(session.kioskId!),
      db.kiosks.pin(body.employeeId),
      db.users.find(body.employeeId),
    ])
    if (!kiosk) throw unauthorized()
    if (!pin || !member) throw unauthorized(kioskMessages.wrongPin)
    if (pinLocked(pin, Math.floor(Date.now() / 1000))) throw tooManyRequests(kioskMessages.locked)
    if (!(await pinMatches(body.pin, pin.hash))) {
      await db.kiosks.wrongPin(pin)
      throw unauthorized(kioskMessages.wrongPin)
    }
    await db.kiosks.rightPin(pin)
    const result = await punch(db, await db.organization.get(), member, kiosk.name, at)
    await db.kiosks.used(kiosk.id)
    return { ...result, firstName: member.firstName }
  },
})
