import { inScope, KioskMembers } from '@app/core'
import { kioskReach } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'
import { clockOf } from '../workflows/kiosk.ts'

/**
 * Who may punch at this kiosk: the organization's current members with a PIN, as the
 * kiosk shows them (first name, last-name initial, avatar) and whether each is clocked in.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/kiosk/members',
  auth: 'member',
  kiosk: true,
  response: KioskMembers,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ session, db }) => {
    const [pins, org] = await Promise.all([db.kiosks.pins(), db.organization.get()])
    const now = new Date()
    const members = await Promise.all(
      pins.map(async ({ userId }) => {
        const [user, clock] = await Promise.all([db.users.find(userId), clockOf(db, org, userId, now)])
        return user && inScope(kioskReach(session), user)
          ? {
              id: user.id,
              firstName: user.firstName,
              lastInitial: user.lastName.trim().charAt(0).toUpperCase(),
              profileImageUrl: user.profileImageUrl,
              clockedIn: clock.open !== undefined,
            }
          : undefined
      }),
    )
    return members
      .filter((m) => m !== undefined)
      .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastInitial.localeCompare(b.lastInitial))
  },
})
