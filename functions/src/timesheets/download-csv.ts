import { conflict, notFound, Redirect, TimesheetParams } from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { assertWeekInScope } from '../workflows/campuses.ts'
import { HttpResponse } from '../http/response.ts'
import { timesheetCsvLink } from '../workflows/timesheet-csv.ts'

/** Opened in a new tab: redirects to a fresh 15-minute link to an approved timesheet's CSV in the reader's language (made on the first download). */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/{id}/download-csv',
  auth: 'member',
  scope: 'timesheets:read',
  params: TimesheetParams,
  response: Redirect,
  errors: [404, 409],
  uses: ['table:read', 'exportsBucket'],
  files: filesFor,
  handler: async ({ params, session, db, files }) => {
    const sheet = await db.timesheets.get(params.id)
    if (session.role !== 'supervisor' && sheet.employeeId !== session.userId) throw notFound('timesheet')
    await assertWeekInScope(db, session.user, sheet)
    if (sheet.status !== 'approved') throw conflict('Only approved timesheets can be downloaded as CSV')
    return HttpResponse.redirect(await timesheetCsvLink(db, files, sheet, session.user.language))
  },
})
