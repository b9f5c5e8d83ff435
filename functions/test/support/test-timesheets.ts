import { expect } from 'vitest'
import { addDays, currentWeekStart, TimesheetDays } from '@app/core'
import { orgDb, type Person } from '@app/data'
import createTimesheet from '../../src/timesheets/create-timesheet.ts'
import updateStatus from '../../src/timesheets/update-status.ts'
import { callRoute } from './test-event.ts'

/**
 * A pending timesheet of `member` (two hours on Monday), `weeksBack` weeks before this one, so
 * that each call of a test can submit a week of its own.
 */
export const pendingSheetOf = async (orgId: string, member: Person, weeksBack: number) => {
  const db = orgDb(orgId)
  const sheet = await db.timesheets.getOrCreate(
    member,
    addDays(currentWeekStart('America/Chicago', 'monday'), -7 * weeksBack),
  )
  await db.timesheets.saveDays(sheet.id, member, TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '11:00' }))
  return db.timesheets.submit(sheet.id, member)
}

/** The submit page's Submit Timesheet for the session of `cookie` (POST /api/timesheets), expected to go through. */
export const submittedThroughRoute = async (cookie: string, body: Record<string, unknown>) => {
  const res = await callRoute(createTimesheet, { cookies: [cookie], body })
  expect(res.status, res.text).toBe(200)
  return res
}

/** The dashboard's decision on a timesheet (its status PATCH), made by the session of `cookie`. */
export const decideThroughRoute = (cookie: string, id: number | string, status: string, comments?: string) =>
  callRoute(updateStatus, { cookies: [cookie], params: { id: String(id) }, body: { status, comments } })

/** A decision the test needs to go through: anything but 200 fails the test with the answer's text. */
export const decidedThroughRoute = async (cookie: string, id: number | string, status: string, comments?: string) => {
  const res = await decideThroughRoute(cookie, id, status, comments)
  expect(res.status, res.text).toBe(200)
  return res
}
