import * as z from 'zod'
import { DraftSave, Timesheet, TimesheetId } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The weekly dialog's Save: the caller's own draft (or rejected) timesheet, at the version it was based on. */
export default defineRoute({
  method: 'PUT',
  path: '/api/timesheets/draft/{id}',
  auth: 'member',
  params: z.object({ id: TimesheetId }),
  body: DraftSave,
  response: Timesheet,
  uses: ['table'],
  handler: async ({ params, body, session, db }) => {
    const { version, enteredOffline, ...days } = body
    return db.timesheets.saveDays(params.id, session.userId, days, version, { enteredOffline })
  },
})
