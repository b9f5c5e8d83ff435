import { addDays, currentWeekStart, TimesheetDays } from '@app/core'
import { orgDb, type Person } from '@app/data'
import createTimesheet from '../../src/timesheets/create-timesheet.ts'
import updateStatus from '../../src/timesheets/update-status.ts'
import { callRoute, ok } from './test-event.ts'

/** The start of the week `weeksBack` weeks before this one, in the test organizations' zone and week. */
export const weekAgo = (weeksBack: number) => addDays(currentWeekStart('America/Chicago', 'monday'), -7 * weeksBack)

/**
 * A pending timesheet of `member` (two hours on Monday), `weeksBack` weeks before this one, so
 * that each call of a test can submit a week of its own.
 */
export const pendingSheetOf = async (orgId: string, member: Person, weeksBack: number) => {
  const db = orgDb(orgId)
  const sheet = await db.timesheets.getOrCreate(member, weekAgo(weeksBack))
  await db.timesheets.saveDays(sheet.id, member, TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '11:00' }))
  return db.timesheets.submit(sheet.id, member)
}

/** The submit page's Submit Timesheet for the session of `cookie` (POST /api/timesheets), expected to go through. */
export const submittedThroughRoute = async (cookie: string, body: object) =>
  ok(await callRoute(createTimesheet, { cookies: [cookie], body }))

/** The week `weeksBack` weeks before this one that `cookie` submits with a Monday of visits from `start` to `end`; its id. */
export const submittedMondayOf = async (cookie: string, weeksBack: number, start: string, end: string) => {
  const body = { weekStartDate: weekAgo(weeksBack), mondayStart: start, mondayEnd: end, mondayActivity: 'Visits' }
  return (await submittedThroughRoute(cookie, body)).json.id as number
}

/** The dashboard's decision on a timesheet (its status PATCH), made by the session of `cookie`. */
export const decideThroughRoute = (cookie: string, id: number | string, status: string, comments?: string) =>
  callRoute(updateStatus, { cookies: [cookie], params: { id: String(id) }, body: { status, comments } })

/** A decision the test needs to go through: anything but 200 fails the test with the answer's text. */
export const decidedThroughRoute = async (cookie: string, id: number | string, status: string, comments?: string) =>
  ok(await decideThroughRoute(cookie, id, status, comments))

/** A week `memberCookie` submits and `supervisorCookie` approves, both through the routes; its id. */
export const approvedThroughRoute = async (supervisorCookie: string, memberCookie: string, body: object) => {
  const { id } = (await submittedThroughRoute(memberCookie, body)).json as { id: number }
  await decidedThroughRoute(supervisorCookie, id, 'approved')
  return id
}

/** One day's shift: its start and end (HH:MM), and the unpaid break when there is one. */
export interface Shift {
  start: string
  end: string
  breakMinutes?: number
}

/** The body of a week that has these days' shifts (`{ monday: shift, ... }`), each doing `activity`. */
export const weekOfShifts = (weekStartDate: string, days: Record<string, Shift>, activity: string) => ({
  weekStartDate,
  ...Object.fromEntries(
    Object.entries(days).flatMap(([name, d]) => [
      [`${name}Start`, d.start],
      [`${name}End`, d.end],
      ...(d.breakMinutes === undefined ? [] : [[`${name}BreakMinutes`, d.breakMinutes]]),
      [`${name}Activity`, activity],
    ]),
  ),
})

/** A day's split between ministries and funds: each code's id with its minutes, in order. */
export const splitOf = (...parts: [code: string, minutes: number][]) =>
  parts.map(([code, minutes]) => ({ code, minutes }))
