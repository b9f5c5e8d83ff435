import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute, expectFieldRefusal } from '../../test/support/test-event.ts'
import { payrollAs, periodClosedAnswer } from '../../test/support/test-payroll.ts'
import { decidedThroughRoute, weekOfShifts, type Shift } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listMembers from '../members/list-members.ts'
import updateMember from '../members/update-member.ts'
import getOrgSettings from '../organization/get-settings.ts'
import volunteerHours from '../reports/volunteer-hours.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import listPending from '../timesheets/list-pending.ts'
import saveDraft from '../timesheets/save-draft.ts'
import submitTimesheet from '../timesheets/submit-timesheet.ts'
import updateDraft from '../timesheets/update-draft.ts'
import closePeriod from './close-period.ts'
import exportPayroll from './export-payroll.ts'
import getSettings from './get-settings.ts'
import getSummary from './get-summary.ts'
import listPeriods from './list-periods.ts'
import reopenPeriod from './reopen-period.ts'
import updateSettings from './update-settings.ts'

/**
 * Through the real routes on the local stack: biweekly periods; a
 * non-exempt member works 45 hours (a 30-minute break on two days) then 38; a minister and a
 * volunteer work too; after approval the summary and every export show 40 + 4 and 38 + 0; the
 * minister is in no overtime column; the volunteer only in the volunteer report; closing the
 * period locks both weeks; reopening needs a reason.
 */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const first = addDays(thisWeek, -14)
const second = addDays(thisWeek, -7)
const periodEnd = addDays(first, 13)

const day = (start: string, end: string, breakMinutes = 0): Shift => ({ start, end, breakMinutes })
const week = (weekStartDate: string, days: Record<string, Shift>) => weekOfShifts(weekStartDate, days, 'Nursery')
/** 45 hours on the clock, 44 paid. */
const longWeek = week(first, {
  monday: day('08:00', '17:30', 30),
  tuesday: day('08:00', '17:30', 30),
  wednesday: day('08:00', '17:00'),
  thursday: day('08:00', '17:00'),
  friday: day('08:00', '16:00'),
})
const shortWeek = week(second, {
  monday: day('08:00', '17:00'),
  tuesday: day('08:00', '17:00'),
  wednesday: day('08:00', '17:00'),
  thursday: day('08:00', '17:00'),
  friday: day('08:00', '10:00'),
})

let sup: Awaited<ReturnType<typeof newOrganization>>
let ana: Awaited<ReturnType<typeof newStaffMember>>
let tom: Awaited<ReturnType<typeof newStaffMember>>
let val: Awaited<ReturnType<typeof newStaffMember>>
const ids: Record<string, number> = {}

const fetchText = async (location: string) => Buffer.from(await (await fetch(location)).arrayBuffer()).toString('utf8')
const submit = async (who: { cookie: string }, body: object) => {
  const res = await callRoute(createTimesheet, { cookies: [who.cookie], body })
  expect(res.status, res.text).toBe(200)
  return res.json
}
const approve = async (id: number) => {
  const res = await decidedThroughRoute(sup.cookie, id, 'approved')
  return res.json
}
const range = (from: string, to: string) => ({ from, to })

beforeAll(async () => {
  sup = await newOrganization()
  ;[ana, tom, val] = await Promise.all([
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie, 'volunteer'),
  ])
  const minister = await callRoute(updateMember, {
    cookies: [sup.cookie],
    params: { id: tom.user.id },
    body: { firstName: 'Tom', lastName: 'Pastor', payType: 'minister' },
  })
  expect(minister.status, minister.text).toBe(200)
  await payrollAs(sup.cookie).biweeklyFrom(first)
}, 60_000)

describe('a biweekly payroll period from the timesheets to the exports', () => {
  it('answers each timesheet with its payroll figures, breaks deducted', async () => {
    const long = await submit(ana, longWeek)
    expect(long.mondayBreakMinutes).toBe(30)
    expect(long.wednesdayBreakMinutes).toBe(0)
    expect(long.payroll).toEqual({
      paidHours: 44,
      breakMinutes: 60,
      regularHours: 40,
      overtimeHours: 4,
      doubleTimeHours: 0,
    })
    ids.long = long.id
    ids.short = (await submit(ana, shortWeek)).id
    const pastor = await submit(tom, { ...longWeek, saturdayStart: '09:00', saturdayEnd: '15:00' })
    expect(pastor.payroll).toMatchObject({ paidHours: 50, regularHours: 50, overtimeHours: 0 })
    ids.pastor = pastor.id
    ids.volunteer = (await submit(val, week(first, { saturday: day('09:00', '19:00') }))).id

    const pending = await callRoute(listPending, { cookies: [sup.cookie] })
    const listed = pending.json.find((t: { id: number }) => t.id === ids.long)
    expect(listed).toMatchObject({ totalHours: 44, payroll: { overtimeHours: 4 } })
  })

  it('refuses a break longer than the shift with a 400 on that field, its message naming the day', async () => {
    const res = await callRoute(saveDraft, {
      cookies: [val.cookie],
      body: { weekStartDate: second, sundayStart: '09:00', sundayEnd: '09:20', sundayBreakMinutes: 30 },
    })
    expectFieldRefusal(res, 'sundayBreakMinutes', {
      message: 'Sunday break is longer than the shift',
      key: 'breakTooLong',
      params: { day: 'Sunday' },
    })
  })

  it('will not close the period while timesheets are not approved, naming who blocks it', async () => {
    const res = await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: first } })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe('This pay period has timesheets that are not approved')
    expect(res.json.blockers.map((p: { lastName: string }) => p.lastName).sort()).toEqual(['Pastor', 'Silva', 'Silva'])

    const wrongDay = await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: addDays(first, 7) } })
    expect(wrongDay.status).toBe(400)
  })

  it('stores figures with each approval; the summary shows 40 + 4 and 38 + 0, the minister no overtime', async () => {
    for (const id of [ids.long!, ids.short!, ids.pastor!, ids.volunteer!]) await approve(id)
    const summary = async (from: string, to: string) =>
      (await callRoute(getSummary, { cookies: [sup.cookie], query: range(from, to) })).json.members
    const firstWeek = await summary(first, addDays(first, 6))
    expect(firstWeek).toEqual([
      expect.objectContaining({
        lastName: 'Pastor',
        payType: 'minister',
        regularHours: 50,
        overtimeHours: 0,
        doubleTimeHours: 0,
      }),
      {
        employeeId: ana.user.id,
        firstName: 'Ana',
        lastName: 'Silva',
        payType: 'non-exempt',
        payrollId: null,
        regularHours: 40,
        overtimeHours: 4,
        doubleTimeHours: 0,
        breakMinutes: 60,
        daysWorked: 5,
        vacationHours: 0,
        sickHours: 0,
        personalHours: 0,
        holidayHours: 0,
      },
    ])
    expect(await summary(second, addDays(second, 6))).toEqual([
      expect.objectContaining({ lastName: 'Silva', regularHours: 38, overtimeHours: 0, breakMinutes: 0 }),
    ])
    const period = await summary(first, periodEnd)
    expect(period.map((m: { lastName: string }) => m.lastName)).toEqual(['Pastor', 'Silva'])
    expect(period[1]).toMatchObject({ regularHours: 78, overtimeHours: 4, daysWorked: 10 })
  })

  it('puts the volunteer in the volunteer report only, valued at the rate', async () => {
    const res = await callRoute(volunteerHours, { cookies: [sup.cookie], query: range(first, periodEnd) })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      hourlyRate: 33.49,
      totalHours: 10,
      totalValue: 334.9,
      volunteers: [{ employeeId: val.user.id, department: 'Youth', hours: 10, value: 334.9 }],
      departments: [{ department: 'Youth', hours: 10, value: 334.9 }],
    })
  })

  it('exports every format with the same figures, and names members without the id a format needs', async () => {
    const csv = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'csv', ...range(first, periodEnd) },
    })
    expect(csv.status).toBe(302)
    const ours = await fetchText(csv.headers.location as string)
    expect(ours.startsWith('\uFEFFRow,Employee ID')).toBe(true)
    expect(ours).toContain(`Member,${ana.user.id},,Ana,Silva,non-exempt,,82.00,78.00,4.00,0.00,60,10`)
    expect(ours).toContain(`Day,${ana.user.id},,Ana,Silva,non-exempt,${addDays(first, 4)},8.00,4.00,4.00,0.00,0,1`)
    expect(ours).not.toContain(val.user.id)

    const refused = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'gusto', ...range(first, periodEnd) },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe('These members have no payroll id: Tom Pastor, Ana Silva')
    expect(refused.json.members.map((m: { employeeId: string }) => m.employeeId)).toEqual([tom.user.id, ana.user.id])

    for (const [who, payrollId] of [
      [ana, 'G7K2P9'],
      [tom, '004512'],
    ] as const) {
      const res = await callRoute(updateMember, {
        cookies: [sup.cookie],
        params: { id: who.user.id },
        body: { payrollId },
      })
      expect(res.json.payrollId).toBe(payrollId)
    }
    const gusto = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'gusto', ...range(first, addDays(first, 6)) },
    })
    expect((await fetchText(gusto.headers.location as string)).split('\r\n')).toEqual([
      '\uFEFFfirst_name,last_name,gusto_employee_id,regular_hours,overtime_hours,double_overtime_hours',
      'Tom,Pastor,004512,50.00,0.00,0.00',
      'Ana,Silva,G7K2P9,40.00,4.00,0.00',
      '',
    ])

    const noCodes = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'adp', ...range(first, periodEnd) },
    })
    expect(noCodes.status).toBe(400)
    await callRoute(updateSettings, { cookies: [sup.cookie], body: { adpCompanyCode: 'XYZ', adpBatchId: 'TIME1' } })
    const adp = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'adp', ...range(second, addDays(second, 6)) },
    })
    expect(await fetchText(adp.headers.location as string)).toContain('XYZ,TIME1,G7K2P9,38.00,0.00,,')

    const iif = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'quickbooks-iif', ...range(first, periodEnd) },
    })
    const lines = (await fetchText(iif.headers.location as string)).split('\r\n')
    expect(lines[0]).toBe('!TIMERHDR\tVER\tREL\tCOMPANYNAME\tIMPORTEDBEFORE\tFROMTIMER\tCOMPANYCREATETIME')
    const date = addDays(first, 4)
    const iifDate = `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`
    expect(lines).toContain(`TIMEACT\t${iifDate}\t\tAna Silva\t\tOvertime Pay\t4:00\t\t\t0`)
    expect(lines.filter((l) => l.includes('Tom Pastor') && l.includes('Overtime'))).toEqual([])
  })

  it('lists the period with its totals, closes it, and then locks both weeks against every change', async () => {
    const periods = await callRoute(listPeriods, {
      cookies: [sup.cookie],
      query: { before: addDays(periodEnd, 1), count: '1' },
    })
    expect(periods.status).toBe(200)
    expect(periods.json.periods).toEqual([
      expect.objectContaining({
        start: first,
        end: periodEnd,
        status: 'open',
        pending: [],
        approvedHours: 132,
        regularHours: 128,
        overtimeHours: 4,
        breakMinutes: 120,
      }),
    ])

    // A draft with hours in the period blocks it, an empty one does not.
    const draft = await callRoute(saveDraft, {
      cookies: [val.cookie],
      body: { weekStartDate: second, sundayStart: '09:00', sundayEnd: '10:00' },
    })
    expect(draft.status).toBe(200)
    const blocked = await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: first } })
    expect(blocked.json.blockers).toEqual([{ employeeId: val.user.id, firstName: 'Ana', lastName: 'Silva' }])
    await callRoute(updateDraft, {
      cookies: [val.cookie],
      params: { id: String(draft.json.id) },
      body: { version: draft.json.version },
    })

    const closed = await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: first } })
    expect(closed.status, closed.text).toBe(200)
    expect(closed.json).toMatchObject({ status: 'closed', closedBy: { firstName: 'Sam', lastName: 'Grace' } })
    expect((await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: first } })).status).toBe(409)

    const closedMessage = periodClosedAnswer({ start: first, end: periodEnd })
    const edit = await callRoute(updateDraft, {
      cookies: [val.cookie],
      params: { id: String(draft.json.id) },
      body: {},
    })
    expect([edit.status, edit.json]).toEqual([409, closedMessage])
    // A week nobody saved yet cannot be started either.
    const save = await callRoute(saveDraft, { cookies: [sup.cookie], body: { weekStartDate: first } })
    expect([save.status, save.json]).toEqual([409, closedMessage])
    const resubmit = await callRoute(createTimesheet, { cookies: [val.cookie], body: { weekStartDate: second } })
    expect([resubmit.status, resubmit.json]).toEqual([409, closedMessage])
    const submitDraft = await callRoute(submitTimesheet, {
      cookies: [val.cookie],
      params: { id: String(draft.json.id) },
      body: {},
    })
    expect([submitDraft.status, submitDraft.json]).toEqual([409, closedMessage])
  })

  it('reopens only with a reason, and the weeks can change again', async () => {
    const noReason = await callRoute(reopenPeriod, {
      cookies: [sup.cookie],
      params: { start: first },
      body: { reason: ' ' },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.json.fields).toEqual({ reason: 'A reason is required' })
    const reopened = await callRoute(reopenPeriod, {
      cookies: [sup.cookie],
      params: { start: first },
      body: { reason: 'Ana forgot a Sunday shift' },
    })
    expect(reopened.status, reopened.text).toBe(200)
    expect(reopened.json).toMatchObject({ status: 'open', reopenedReason: 'Ana forgot a Sunday shift' })
    const save = await callRoute(saveDraft, { cookies: [val.cookie], body: { weekStartDate: second, notes: 'Back' } })
    expect(save.status).toBe(200)
  })
})

describe('members and payroll settings', () => {
  it('edits a member and answers the members list with pay type and payroll id', async () => {
    const res = await callRoute(updateMember, {
      cookies: [sup.cookie],
      params: { id: val.user.id },
      body: { department: 'Choir', payrollId: '' },
    })
    expect(res.json).toMatchObject({ department: 'Choir', payType: 'non-exempt', payrollId: null, role: 'volunteer' })
    const list = await callRoute(listMembers, { cookies: [sup.cookie] })
    expect(list.json.find((m: { id: string }) => m.id === tom.user.id)).toMatchObject({
      payType: 'minister',
      payrollId: '004512',
    })
    const own = await callRoute(updateMember, {
      cookies: [sup.cookie],
      params: { id: sup.supervisor.id },
      body: { role: 'employee' },
    })
    expect(own.status).toBe(409)
    const bad = await callRoute(updateMember, {
      cookies: [sup.cookie],
      params: { id: val.user.id },
      body: { payType: 'pastor' },
    })
    expect(bad.status).toBe(400)
    expect(
      (await callRoute(updateMember, { cookies: [ana.cookie], params: { id: val.user.id }, body: {} })).status,
    ).toBe(403)
  })

  it('reads and writes the week start as the organization setting, never a copy', async () => {
    const put = await callRoute(updateSettings, {
      cookies: [sup.cookie],
      body: { weekStartDay: 'sunday', weeklyOvertimeHours: 37.5 },
    })
    expect(put.json).toMatchObject({
      weekStartDay: 'sunday',
      weeklyOvertimeHours: 37.5,
      dailyOvertimeHours: null,
      payPeriodAnchor: first,
    })
    expect((await callRoute(getOrgSettings, { cookies: [sup.cookie] })).json.weekStartDay).toBe('sunday')
    expect((await callRoute(getSettings, { cookies: [sup.cookie] })).json.weekStartDay).toBe('sunday')
    const current = await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    expect(current.json.weekStartDate).toBe(currentWeekStart('America/Chicago', 'sunday'))
    await callRoute(updateSettings, { cookies: [sup.cookie], body: { weekStartDay: 'monday' } })

    const doubleBelow = await callRoute(updateSettings, {
      cookies: [sup.cookie],
      body: { dailyOvertimeHours: 8, dailyDoubleTimeHours: 6 },
    })
    expect(doubleBelow.status).toBe(400)
    await callRoute(updateSettings, { cookies: [sup.cookie], body: { dailyDoubleTimeHours: 12 } })
    const overtimeAbove = await callRoute(updateSettings, { cookies: [sup.cookie], body: { dailyOvertimeHours: 12 } })
    expect(overtimeAbove.json.fields).toEqual({ dailyDoubleTimeHours: 'Double time must start after daily overtime' })
  })

  it("keeps each organization's periods its own", async () => {
    const other = await newOrganization('Other Church')
    const res = await callRoute(closePeriod, { cookies: [other.cookie], params: { start: first } })
    // Another organization's schedule starts from its own week: the date is not one of its periods, or closes its own.
    expect([200, 400]).toContain(res.status)
    const mine = await callRoute(listPeriods, {
      cookies: [sup.cookie],
      query: { before: addDays(periodEnd, 1), count: '1' },
    })
    expect(mine.json.periods[0].status).toBe('open')
  })

  it('shows a week of a closed period nobody saved as an unsaved draft', async () => {
    const other = await newOrganization('Third Church')
    // Its schedule starts this week (the default anchor), and nobody worked yet. The period has not
    // ended: a close answers 409 with that reason, and closes only when told anyway.
    const early = await callRoute(closePeriod, { cookies: [other.cookie], params: { start: thisWeek } })
    expect(early.status).toBe(409)
    expect(early.json.reasons).toEqual({ endsOn: addDays(thisWeek, 13), notSubmitted: [] })
    expect((await callRoute(listPeriods, { cookies: [other.cookie] })).json.periods[0].status).toBe('open')
    const closed = await callRoute(closePeriod, {
      cookies: [other.cookie],
      params: { start: thisWeek },
      body: { closeAnyway: true },
    })
    expect(closed.status, closed.text).toBe(200)
    const current = await callRoute(getCurrentWeek, { cookies: [other.cookie] })
    expect(current.status).toBe(200)
    expect(current.json).toMatchObject({ id: 0, weekStartDate: thisWeek, status: 'draft', periodClosed: true })
    const wrong = await callRoute(closePeriod, {
      cookies: [other.cookie],
      params: { start: thisWeek },
      body: { closeAnyway: 'yes' },
    })
    expect(wrong.status).toBe(400)
  })
})
