import * as z from 'zod'
import { inScope, notFound } from '@app/core'
import { removalRoute } from '../http/removal-route.ts'

/** Ends a kiosk at once (its session is deleted with it). */
export default removalRoute({
  path: '/api/kiosks/{id}',
  params: z.object({ id: z.uuid('Kiosk id must be a valid id') }),
  remove: async (db, id, session) => {
    const kiosk = await db.kiosks.find(id)
    if (kiosk && !inScope(session.user, kiosk)) throw notFound('kiosk')
    return db.kiosks.revoke(id, session.user)
  },
})
