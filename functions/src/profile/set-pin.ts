import { PinAnswer, PinBody } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { hashPin } from '../workflows/pins.ts'

/** The caller's own kiosk PIN (4 to 6 digits), kept only as a slow salted hash. */
export default defineRoute({
  method: 'PUT',
  path: '/api/profile/pin',
  auth: 'member',
  body: PinBody,
  response: PinAnswer,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    await db.kiosks.setPin(session.user, await hashPin(body.pin), session.user)
    return { hasPin: true }
  },
})
