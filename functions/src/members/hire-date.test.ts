import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, MemberList, PayrollSummary, todayIn, User } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import updateHolidays from '../organization/update-holidays.ts'
import exportPayroll from '../payroll/export-payroll.ts'
import getSummary from '../payroll/get-summary.ts'
import addMember from './add-member.ts'
import listMembers from './list-members.ts'
import updateMember from './update-member.ts'

/**
 * Hire dates and unpaid supervisors through the member routes and the payroll summary and files: a
 * holiday pays from the hire date on (not from the day the member was added), and an unpaid
 * supervisor's approved week and the holiday give them no payroll line.
 */
const zone = 'America/Chicago'
const lastWeek = addDays(currentWeekStart(zone, 'monday'), -7)
const holiday = addDays(lastWeek, 3) // last week's Thursday

let sup: Awaited<ReturnType<typeof newOrganization>>
let ana: Awaited<ReturnType<typeof newStaffMember>>
let late: Awaited<ReturnType<typeof newStaffMember>>
let board: Awaited<ReturnType<typeof newStaffMember>>

const patch = (id: string, body: object) => callRoute(updateMember, { cookies: [sup.cookie], params: { id }, body })
const members = async () => MemberList.parse((await callRoute(listMembers, { cookies: [sup.cookie] })).json)

beforeAll(async () => {
  sup = await newOrganization('Hope Church')
  ;[ana, late, board] = await Promise.all([
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie, 'supervisor'),
  ])
  expect((await patch(board.user.id, { firstName: 'Bea', lastName: 'Boardman' })).status).toBe(200)
  const holidays = await callRoute(updateHolidays, {
    cookies: [sup.cookie],
    body: { holidays: [{ date: holiday, name: 'Founders Day', hours: 8 }], blackouts: [] },
  })
  expect(holidays.status, holidays.text).toBe(200)
}, 60_000)

describe('hire date', () => {
  it('defaults to the day added in the organization’s zone, and is answered by GET', async () => {
    const listed = await members()
    expect(listed.find((m) => m.id === ana.user.id)?.hireDate).toBe(todayIn(zone))
    // The organization's first supervisor was stored without one: the day they were added.
    expect(listed.find((m) => m.id === sup.supervisor.id)?.hireDate).toBe(todayIn(zone))
  })

  it('is taken from POST and PATCH, and refused with a 400 when not a date (nothing changes)', async () => {
    const added = await callRoute(addMember, {
      cookies: [sup.cookie],
      body: {
        email: `hire-${Date.now()}@hope.example`,
        firstName: 'Hal',
        lastName: 'Ng',
        department: 'Music',
        hireDate: '2025-09-01',
      },
    })
    expect(added.status, added.text).toBe(200)
    expect(added.json.hireDate).toBe('2025-09-01')

    const bad = await patch(ana.user.id, { hireDate: '2025-02-30' })
    expect(bad.status).toBe(400)
    expect(bad.json.fields.hireDate).toBe('Hire date must be a date like 2026-11-16')
    const moved = await patch(ana.user.id, { hireDate: addDays(holiday, -30) })
    expect(moved.status, moved.text).toBe(200)
    expect(User.parse(moved.json).hireDate).toBe(addDays(holiday, -30))
    // Hired the day after the holiday: it is not theirs, though they were added before it in the table.
    expect((await patch(late.user.id, { hireDate: addDays(holiday, 1) })).status).toBe(200)
    expect((await members()).find((m) => m.id === ana.user.id)?.hireDate).toBe(addDays(holiday, -30))
  })

  it('pays the holiday from the hire date on, in the summary and the payroll file', async () => {
    const range = { from: lastWeek, to: addDays(lastWeek, 6) }
    const res = await callRoute(getSummary, { cookies: [sup.cookie], query: range })
    expect(res.status, res.text).toBe(200)
    const rows = PayrollSummary.parse(res.json).members
    expect(rows.find((r) => r.employeeId === ana.user.id)?.holidayHours).toBe(8)
    expect(rows.find((r) => r.employeeId === late.user.id)).toBeUndefined()
  })
})

describe('an unpaid supervisor', () => {
  it('is refused for staff (400) and set for a supervisor', async () => {
    const staff = await patch(ana.user.id, { unpaid: true })
    expect(staff.status).toBe(400)
    expect(staff.json.fields.unpaid).toBe('Only a supervisor can be marked unpaid')
    const res = await patch(board.user.id, { unpaid: true, hireDate: '2024-01-01' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.unpaid).toBe(true)
    expect((await members()).find((m) => m.id === board.user.id)?.unpaid).toBe(true)
  })

  it('gets no payroll line: no holiday hours, and an approved week stores no payroll figures', async () => {
    const week = await submittedThroughRoute(board.cookie, {
      weekStartDate: lastWeek,
      mondayStart: '09:00',
      mondayEnd: '12:00',
    })
    await decidedThroughRoute(sup.cookie, week.json.id, 'approved')

    const range = { from: lastWeek, to: addDays(lastWeek, 6) }
    const summary = PayrollSummary.parse((await callRoute(getSummary, { cookies: [sup.cookie], query: range })).json)
    const ids = summary.members.map((m) => m.employeeId)
    expect(ids).toContain(ana.user.id)
    expect(ids).not.toContain(board.user.id)
    const file = await callRoute(exportPayroll, { cookies: [sup.cookie], query: { ...range, format: 'csv' } })
    expect(file.status, file.text).toBe(302)
    const csv = await (await fetch(file.headers.location as string)).text()
    expect(csv).toContain(ana.user.id)
    expect(csv).not.toContain(board.user.id)
    expect(csv).not.toContain(late.user.id)
  })
})
