import { MemberPinBody, PinAnswer, MemberParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertInScope } from '../workflows/campuses.ts'
import { hashPin } from '../workflows/pins.ts'

/** A supervisor sets a member's kiosk PIN, or clears it (`pin: null`). */
export default defineRoute({
  method: 'PUT',
  path: '/api/employees/{id}/pin',
  auth: 'supervisor',
  params: MemberParams,
  body: MemberPinBody,
  response: PinAnswer,
  errors: [404],
  uses: ['table'],
  handler: async ({ params, body, session, db }) => {
    const member = assertInScope(session.user, await db.users.get(params.id))
    await db.kiosks.setPin(member, body.pin === null ? null : await hashPin(body.pin), session.user)
    return { hasPin: body.pin !== null }
  },
})
