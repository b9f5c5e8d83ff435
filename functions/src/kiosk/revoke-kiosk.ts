import * as z from 'zod'
import { removalRoute } from '../http/removal-route.ts'

/** Ends a kiosk at once (its session is deleted with it). */
export default removalRoute({
  path: '/api/kiosks/{id}',
  params: z.object({ id: z.uuid('Kiosk id must be a valid id') }),
  remove: (db, id, by) => db.kiosks.revoke(id, by),
})
