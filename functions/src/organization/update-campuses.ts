import { Campuses, CampusesUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Settings → Campuses saves the whole list (a whole-church supervisor only). A new campus (no
 * `id`) gets its id in the answer; a campus left out is removed, unless members still belong to it
 * (409 naming how many: move them first).
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/campuses',
  auth: 'supervisor',
  wholeChurch: true,
  body: CampusesUpdate,
  response: Campuses,
  errors: [409],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    return { campuses: await db.campuses.replace(body, session.user) }
  },
})
