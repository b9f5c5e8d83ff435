import {
  badRequest,
  inScope,
  kioskMessages,
  punchTime,
  PunchAnswer,
  PunchBody,
  tooManyRequests,
  unauthorized,
} from '@app/core'
import { kioskReach } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'
import { kioskLockedEmails, punch } from '../workflows/kiosk.ts'
import { deliver } from '../workflows/mailer.ts'
import { pinMatches } from '../workflows/pins.ts'

/**
 * A member clocks in or out at a kiosk with their PIN. Before the PIN is checked, one try is taken
 * from the kiosk's budget and one from the member's (core's KIOSK_TRIES and PIN_TRIES), each by one
 * conditional write, so PINs sent at once never check more than the budgets hold: a spent one
 * answers 429 (the kiosk's own message when it is the kiosk's). A wrong PIN answers 401 and keeps
 * its tries; the one that spends a budget locks it for 15 minutes (a kiosk's lock emails its
 * supervisors); a right PIN gives its tries back. `at`, the time the kiosk made the punch, must be
 * within 5 minutes of now.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/kiosk/punch',
  auth: 'member',
  kiosk: true,
  body: PunchBody,
  response: PunchAnswer,
  uses: ['table', 'email'],
  handler: async ({ body, session, db }) => {
    // Checked before any try is taken: bad input is no wrong try.
    const at = punchTime(body.at, new Date())
    if (!at) throw badRequest(kioskMessages.punchTime, { at: kioskMessages.punchTime })
    // A member out of the kiosk's campus is as unknown as one of another church: a wrong PIN.
    const found = await db.users.find(body.employeeId)
    const member = found && inScope(kioskReach(session), found) ? found : undefined
    const kiosk = await db.kiosks.takeKioskTry(session.kioskId!)
    if (!kiosk) throw unauthorized()
    if (kiosk === 'locked') throw tooManyRequests(kioskMessages.kioskLocked)
    const pin = member ? await db.kiosks.takePinTry(member.id) : undefined
    if (pin === undefined || pin === 'locked') {
      await db.kiosks.giveKioskTryBack(kiosk)
      throw pin === 'locked' ? tooManyRequests(kioskMessages.locked) : unauthorized(kioskMessages.wrongPin)
    }
    if (!(await pinMatches(body.pin, pin.hash))) {
      const locked = await db.kiosks.wrongPin(pin.userId, kiosk.id, async () => ({
        emails: await kioskLockedEmails(db, kiosk.name),
      }))
      for (const e of locked?.emails ?? []) await deliver(session.orgId, e.id, e.email)
      throw unauthorized(kioskMessages.wrongPin)
    }
    await db.kiosks.rightPin(pin, kiosk)
    const result = await punch(db, await db.organization.get(), member!, kiosk.name, at)
    await db.kiosks.used(kiosk.id)
    return { ...result, firstName: member!.firstName }
  },
})
