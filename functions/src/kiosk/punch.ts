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
import { isRefused } from '@app/data'
import { kioskReach } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'
import { kioskLockedEmails, punch } from '../workflows/kiosk.ts'
import { deliver } from '../workflows/mailer.ts'
import { pinMatches } from '../workflows/pins.ts'

/**
 * A member clocks in or out at a kiosk with their PIN. Before the PIN is checked, one try is taken
 * from the member's budget, then one from the kiosk's (core's PIN_TRIES and KIOSK_TRIES), each by
 * one conditional write, so PINs sent at once never check more than the budgets hold: a spent one
 * answers 429 (the kiosk's own message when it is the kiosk's). The member's comes first so that
 * PINs of one member its budget refuses never hold a kiosk try: the kiosk's lock counts the tries
 * it holds, and twenty PINs of one member at once would otherwise lock the kiosk for five checked.
 * A wrong PIN answers 401 and keeps its tries; the one that spends a budget locks it for 15 minutes
 * (a kiosk's lock emails its supervisors); a right PIN gives its tries back. A 429 says in
 * `Retry-After` the seconds until the refusing budget, as stored, lets a try through again. `at`, the time the
 * kiosk made the punch, must be within 5 minutes of now.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/kiosk/punch',
  auth: 'member',
  kiosk: true,
  body: PunchBody,
  response: PunchAnswer,
  errors: [404, 409, 429],
  uses: ['table', 'email'],
  handler: async ({ body, session, db }) => {
    // Checked before any try is taken: bad input is no wrong try.
    const at = punchTime(body.at, new Date())
    if (!at) throw badRequest(kioskMessages.punchTime, { at: kioskMessages.punchTime })
    // A member out of the kiosk's campus is as unknown as one of another church: a wrong PIN.
    const found = await db.users.find(body.employeeId)
    const member = found && inScope(kioskReach(session), found) ? found : undefined
    const pin = member ? await db.kiosks.takePinTry(member.id) : undefined
    if (pin === undefined || isRefused(pin)) {
      // No PIN to check: a kiosk that is gone or locked still answers as itself.
      const state = await db.kiosks.kioskState(session.kioskId!)
      if (!state) throw unauthorized()
      if (state !== 'open') throw tooManyRequests(kioskMessages.kioskLocked, state.retryAfter)
      throw pin ? tooManyRequests(kioskMessages.locked, pin.retryAfter) : unauthorized(kioskMessages.wrongPin)
    }
    const kiosk = await db.kiosks.takeKioskTry(session.kioskId!)
    if (!kiosk || isRefused(kiosk)) {
      await db.kiosks.givePinTryBack(pin)
      throw kiosk ? tooManyRequests(kioskMessages.kioskLocked, kiosk.retryAfter) : unauthorized()
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
