import { z } from 'zod'
import { TimesheetId } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Draft or rejected becomes pending; anything else answers 409. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/{id}/submit',
  auth: 'member',
  params: z.object({ id: TimesheetId }),
  body: z.object({ version: z.number().int().nonnegative().optional() }),
  uses: ['table'],
  handler: ({ params, body, session, db }) => db.timesheets.submit(params.id, session.userId, body.version),
})
