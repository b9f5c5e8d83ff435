import * as z from 'zod'
import {
  bulkCsvHeader,
  bulkCsvRow,
  CampusId,
  campusesFilePart,
  campusFilter,
  dateInZone,
  matchesName,
  Redirect,
  TimesheetStatus,
  toCsv,
} from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'
import { csvWordsFor } from '../views/words.ts'
import { weeksAtCampus } from '../workflows/campuses.ts'

/**
 * The payroll export, opened in a new tab: every submitted timesheet (or those in one status, of
 * the members a search names) as
 * one CSV row per employee-week in the reader's language, written to the exports bucket, then a
 * redirect to a 15-minute link.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/reports/bulk-timesheets',
  auth: 'supervisor',
  scope: 'timesheets:read',
  query: z.object({
    status: z
      .enum([...TimesheetStatus.options, 'all'], {
        error: 'Status must be all, draft, pending, approved or rejected',
      })
      .optional(),
    // The dashboard's search carried over: only the members whose first or last name it matches.
    search: z.string().max(100, 'Search must be 100 characters or fewer').optional(),
    // The dashboard's campus filter: the weeks worked at that campus.
    campusId: CampusId.optional(),
  }),
  response: Redirect,
  errors: [404],
  uses: ['table:read', 'exportsBucket'],
  files: filesFor,
  handler: async ({ query, session, db, files }) => {
    const status = query.status === 'all' ? undefined : query.status
    const campuses = campusFilter(session.user, query.campusId)
    const [members, org, campusList] = await Promise.all([
      db.users.listForRecords(),
      db.organization.get(),
      campuses ? db.campuses.list() : Promise.resolve([]),
    ])
    const people = new Map(members.map((m) => [m.id, m]))
    const person = (id: string | null) => (id ? (people.get(id) ?? null) : null)
    const words = csvWordsFor(session.user.language)
    // Each timesheet becomes its row as it is read, in the file's order (newest week first, then id).
    const search = query.search ?? ''
    const named = (id: string) => !search.trim() || (person(id) !== null && matchesName(person(id)!, search))
    // A campus admin's file (their own campuses whether they ask or not) and a campus's: the weeks worked there.
    const atCampus = weeksAtCampus(session.user, query.campusId, (id) => person(id) ?? undefined)
    const rows = (
      await db.timesheets.mapForExport(status, (t) =>
        named(t.employeeId) && (atCampus?.(t) ?? true)
          ? bulkCsvRow(t, person(t.employeeId), person(t.approvedBy), org.timeZone, words, org.weekStartDay)
          : null,
      )
    ).filter((row) => row !== null)
    const csv = toCsv([bulkCsvHeader(org.timeZone, words, org.weekStartDay), ...rows])
    const now = new Date()
    const stamp = now.toISOString().replace(/[:.]/g, '-')
    // A campus's file carries its name (a campus admin's own campuses), as a payroll file does.
    const name = `timesheets-${status ?? 'all'}-${campusesFilePart(campusList, campuses)}`
    const file = files.report(`${name}${stamp}`)
    // The file is named by the organization's date, which is the one its people see.
    await file.put(csv, `${name}${dateInZone(now, org.timeZone)}.csv`)
    return HttpResponse.redirect(await file.url())
  },
})
