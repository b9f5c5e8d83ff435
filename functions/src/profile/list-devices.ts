import { RememberedDevices } from '@app/core'
import { sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/** The phones the caller is kept signed in on ('Keep me signed in on this phone'). */
export default defineRoute({
  method: 'GET',
  path: '/api/profile/devices',
  auth: 'member',
  response: RememberedDevices,
  uses: ['table'],
  handler: async ({ session }) => {
    const devices = await sessions.devices(session.orgId, session.userId, session.sid)
    return { devices: devices.map(({ hash: _hash, ...device }) => device) }
  },
})
