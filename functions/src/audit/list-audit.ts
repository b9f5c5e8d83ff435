import * as z from 'zod'
import { addDays, AuditAction, AuditPage, fullName, wholeChurch, type User } from '@app/core'
import { reachedBy, type OrgDb } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { openCursor, signCursor } from '../workflows/page-cursors.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const INSTANT_MESSAGE = 'Use a date like 2026-11-16 or a time like 2026-11-16T09:00:00Z'
/** An ISO instant, or a whole day (UTC): `from` starts at its midnight, `to` takes the day in. */
const instant = (end: boolean) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: INSTANT_MESSAGE })

    .transform((v) => (DATE.test(v) ? `${end ? addDays(v, 1) : v}T00:00:00.000Z` : new Date(v).toISOString()))
    .optional()

/**
 * The organization's audit trail for supervisors, newest first, a page at a time (the Activity page
 * and its CSV), behind a signed cursor (page-cursors.ts).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/audit',
  auth: 'supervisor',
  query: z.object({
    from: instant(false),
    to: instant(true),
    actorId: z.string().trim().min(1).max(100).optional(),
    action: AuditAction.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: AuditPage,
  uses: ['table:read', 'links'],
  handler: async ({ query, session, db }) => {
    const cursor = await openCursor(query.cursor)
    const read = await db.audit.list({ ...query, cursor, keep: await campusKeep(db, session.user) })
    const page = { ...read, cursor: await signCursor(read.cursor) }
    // A timesheet's records name whose week it is: the member as named now (removed ones too).
    if (!page.items.some((e) => e.subject.type === 'timesheet' && e.subject.employeeId)) return page
    const names = new Map((await db.users.listForRecords()).map((u) => [u.id, fullName(u)]))
    for (const e of page.items)
      if (e.subject.type === 'timesheet' && e.subject.employeeId && names.has(e.subject.employeeId))
        e.subject = { ...e.subject, employeeName: names.get(e.subject.employeeId)! }
    return page
  },
})

/** Whose record an entry is: a timesheet's member, or the member it names; none for the church's own. */
const memberOf = (e: AuditPage['items'][number]) =>
  e.subject.type === 'timesheet' ? (e.subject.employeeId ?? '') : e.subject.type === 'member' ? e.subject.id : ''

/**
 * A campus admin's trail holds the records of their campuses' members only (the church's own
 * settings and pay periods are the whole church's); their pages are still full ones.
 */
const campusKeep = async (db: OrgDb, actor: User) => {
  if (wholeChurch(actor)) return undefined
  const { directory } = await db.aggregates.summary()
  return reachedBy(actor, directory, memberOf)
}
