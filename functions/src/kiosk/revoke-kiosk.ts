import * as z from 'zod'
import { inScope, NoContent, notFound } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Ends a kiosk at once (its session is deleted with it). */
export default defineRoute({
  method: 'DELETE',
  path: '/api/kiosks/{id}',
  auth: 'supervisor',
  params: z.object({ id: z.uuid('Kiosk id must be a valid id') }),
  response: NoContent,
  uses: ['table'],
  handler: async ({ params, session, db }) => {
    const kiosk = await db.kiosks.find(params.id)
    if (kiosk && !inScope(session.user, kiosk)) throw notFound('kiosk')
    await db.kiosks.revoke(params.id, session.user)
    return undefined
  },
})
