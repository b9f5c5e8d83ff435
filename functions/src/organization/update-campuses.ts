import { Campuses, CampusesUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertWholeChurch } from '../workflows/campuses.ts'

/**
 * Settings → Campuses saves the whole list (a whole-church supervisor only). A new campus (no
 * `id`) gets its id in the answer; a campus left out is removed, unless members still belong to it
 * (409 naming how many: move them first).
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/campuses',
  auth: 'supervisor',
  body: CampusesUpdate,
  response: Campuses,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    assertWholeChurch(session.user)
    return { campuses: await db.campuses.replace(body, session.user) }
  },
})
