import { describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  defaultTimeOffPolicies,
  formatLongDate,
  todayIn,
  type TimeOffPolicies,
} from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { orgDb } from '@app/data'
import listAudit from '../audit/list-audit.ts'
import { yearlyTimeOff } from '../jobs/time-off-yearly.ts'
import removeMember from '../members/remove-member.ts'
import updateMember from '../members/update-member.ts'
import closePeriod from '../payroll/close-period.ts'
import exportPayroll from '../payroll/export-payroll.ts'
import getSummary from '../payroll/get-summary.ts'
import updatePayrollSettings from '../payroll/update-settings.ts'
import getHolidays from '../organization/get-holidays.ts'
import updateHolidays from '../organization/update-holidays.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import cancelTimeOff from './cancel-time-off.ts'
import createAdjustment from './create-adjustment.ts'
import createTimeOff from './create-time-off.ts'
import decideTimeOff from './decide-time-off.ts'
import getBalances from './get-balances.ts'
import getPolicies from './get-policies.ts'
import listTimeOff from './list-time-off.ts'
import updatePolicies from './update-policies.ts'

const ZONE = 'America/Chicago'
const week = (ago: number) => addDays(currentWeekStart(ZONE, 'monday'), -7 * ago)
const shift = { start: '08:00', end: '17:00' }
/** A week's body with 9-hour days (08:00 to 17:00) on the given days. */
const workdays = (weekStartDate: string, days: string[]) => ({
  weekStartDate,
  ...Object.fromEntries(
    days.flatMap((d) => [
      [`${d}Start`, shift.start],
      [`${d}End`, shift.end],
      [`${d}Activity`, 'Office'],
    ]),
  ),
})

/** The issue's vacation: 1 hour per 10 worked, non-exempt only, negative allowed. */
const issuePolicies = (): TimeOffPolicies => {
  const d = defaultTimeOffPolicies()
  return {
    policies: d.policies.map((p) =>
      p.kind === 'vacation'
        ? {
            ...p,
            accrual: { method: 'perHoursWorked', hours: 1, per: 10 },
            allowNegative: true,
            eligiblePayTypes: ['non-exempt'],
          }
        : p,
    ),
  }
}

/**
 * A new organization whose staff member was hired on `hireDate`, with `holidays` (8 hours each),
 * and that member's holiday hours in the payroll summary from `from` to `to` (a week by default).
 */
const memberWithHolidays = async (hireDate: string, holidays: { date: string; name: string }[]) => {
  const { cookie } = await newOrganization()
  const staff = await newStaffMember(cookie)
  await callRoute(updateMember, { cookies: [cookie], params: { id: staff.user.id }, body: { hireDate } })
  const set = await callRoute(updateHolidays, { cookies: [cookie], body: { holidays, blackouts: [] } })
  expect(set.status, set.text).toBe(200)
  const holidayHours = async (from: string, to = addDays(from, 6)) => {
    const res = await callRoute(getSummary, { cookies: [cookie], query: { from, to } })
    expect(res.status, res.text).toBe(200)
    return (res.json.members as { employeeId: string; holidayHours: number }[]).find(
      (r) => r.employeeId === staff.user.id,
    )?.holidayHours
  }
  return { cookie, staff, holidayHours }
}
const approveWeek = async (supervisorCookie: string, memberCookie: string, body: object) => {
  const sheet = await callRoute(createTimesheet, { cookies: [memberCookie], body })
  expect(sheet.status, sheet.text).toBe(200)
  const approved = await decidedThroughRoute(supervisorCookie, sheet.json.id, 'approved', '')
  return approved.json as { payroll: { regularHours: number; overtimeHours: number } }
}

const vacationOf = async (cookie: string, employeeId?: string) => {
  const res = await callRoute(getBalances, { cookies: [cookie], query: employeeId ? { employeeId } : {} })
  expect(res.status, res.text).toBe(200)
  return (res.json.balances as { kind: string; accruedHours: number; usedHours: number; ledger: unknown[] }[]).find(
    (b) => b.kind === 'vacation',
  )!
}

describe('time off', () => {
  it('starts with the three kinds, accrual none, negative not allowed; only supervisors change them', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const res = await callRoute(getPolicies, { cookies: [staff.cookie] })
    expect(res.status).toBe(200)
    expect(res.json).toEqual(defaultTimeOffPolicies())
    expect((await callRoute(updatePolicies, { cookies: [staff.cookie], body: issuePolicies() })).status).toBe(403)
    const bad = await callRoute(updatePolicies, {
      cookies: [cookie],
      body: { policies: issuePolicies().policies.slice(1) },
    })
    expect(bad.status).toBe(400)
    expect((await callRoute(getPolicies, { cookies: [cookie] })).json).toEqual(defaultTimeOffPolicies())
    const saved = await callRoute(updatePolicies, { cookies: [cookie], body: issuePolicies() })
    expect(saved.status, saved.text).toBe(200)
    expect((await callRoute(getPolicies, { cookies: [staff.cookie] })).json).toEqual(issuePolicies())
    const audit = await callRoute(listAudit, { cookies: [cookie], query: { action: 'timeOff.policiesChanged' } })
    expect(audit.json.items).toHaveLength(1)
  })

  it('accrues 4.5 h from a 45 h week and 8.1 h after week 2, with 8 used (the issue figures)', async () => {
    const { cookie, supervisor } = await newOrganization()
    const member = await newStaffMember(cookie)
    expect((await callRoute(updatePolicies, { cookies: [cookie], body: issuePolicies() })).status).toBe(200)

    // Week 1: 45 hours, approved: 4.5 hours accrued, 5 overtime.
    const first = await approveWeek(
      cookie,
      member.cookie,
      workdays(week(3), ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    )
    expect(first.payroll).toMatchObject({ regularHours: 40, overtimeHours: 5 })
    expect(await vacationOf(member.cookie)).toMatchObject({ accruedHours: 4.5, usedHours: 0 })

    // 8 hours of vacation on week 2's first workday, approved by the approver (the supervisor).
    const asked = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from: week(2), to: week(2), note: 'Family' },
    })
    expect(asked.status, asked.text).toBe(200)
    expect(asked.json).toMatchObject({
      status: 'pending',
      hours: 8,
      hoursPerDay: 8,
      days: [{ date: week(2), hours: 8 }],
    })
    const listed = await callRoute(listTimeOff, { cookies: [cookie] })
    expect(listed.json.items).toEqual([expect.objectContaining({ id: asked.json.id, waitingForMe: true })])
    const approved = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: asked.json.id },
      body: { status: 'approved' },
    })
    expect(approved.status, approved.text).toBe(200)
    expect(approved.json.status).toBe('approved')
    // The approver was asked by email, and the member heard the decision (in their language).
    const subjects = async (email: string) => (await inbox(email)).map((m) => m.subject)
    expect(await subjects(supervisor.email!)).toContainEqual(expect.stringMatching(/^Time off to review: Ana Silva, /))
    const memberEmail = member.user.email
    expect(await subjects(memberEmail)).toContainEqual(expect.stringMatching(/^Your Vacation is approved \(/))
    // One decision wins.
    const again = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: asked.json.id },
      body: { status: 'rejected' },
    })
    expect(again.status).toBe(409)

    // Week 2: 36 more hours (Tuesday to Friday), approved: 3.6 more accrued; never overtime.
    const second = await approveWeek(
      cookie,
      member.cookie,
      workdays(week(2), ['tuesday', 'wednesday', 'thursday', 'friday']),
    )
    expect(second.payroll).toMatchObject({ regularHours: 36, overtimeHours: 0 })
    const balance = await vacationOf(member.cookie)
    expect(balance).toMatchObject({ accruedHours: 8.1, usedHours: 8 })
    expect(balance.ledger).toHaveLength(3)
    // The supervisor sees the same balance; another member may not.
    expect(await vacationOf(cookie, member.user.id)).toMatchObject({ accruedHours: 8.1, usedHours: 8 })

    // Week 2's payroll: 36 regular, 0 overtime, 8 vacation; the IIF and ADP files carry the 8 hours.
    const range = { from: week(2), to: addDays(week(2), 6) }
    const summary = await callRoute(getSummary, { cookies: [cookie], query: range })
    expect(summary.status, summary.text).toBe(200)
    expect(summary.json.members).toEqual([
      expect.objectContaining({ employeeId: member.user.id, regularHours: 36, overtimeHours: 0, vacationHours: 8 }),
    ])
    await callRoute(updateMember, { cookies: [cookie], params: { id: member.user.id }, body: { payrollId: 'G7K2P9' } })
    const settings = await callRoute(updatePayrollSettings, {
      cookies: [cookie],
      body: {
        adpCompanyCode: 'XYZ',
        adpBatchId: 'TIME1',
        adpLeaveCodes: { vacation: 'VAC', sick: 'S', personal: 'P', holiday: 'H' },
        leavePayItems: {
          vacation: 'Vacation Hourly',
          sick: 'Sick Pay',
          personal: 'Personal Pay',
          holiday: 'Holiday Pay',
        },
      },
    })
    expect(settings.status, settings.text).toBe(200)
    const fileOf = async (format: string) => {
      const res = await callRoute(exportPayroll, { cookies: [cookie], query: { format, ...range } })
      expect(res.status, res.text).toBe(302)
      return Buffer.from(await (await fetch(res.headers.location as string)).arrayBuffer()).toString('utf8')
    }
    expect(await fileOf('adp')).toContain('XYZ,TIME1,G7K2P9,36.00,0.00,VAC,8.00')
    const [y, m, d] = week(2).split('-')
    expect(await fileOf('quickbooks-iif')).toContain(
      `TIMEACT\t${m}/${d}/${y!.slice(2)}\t\tAna Silva\t\tVacation Hourly\t8:00`,
    )
    expect(await fileOf('csv')).toContain(
      `Day,${member.user.id},G7K2P9,Ana,Silva,non-exempt,${week(2)},0.00,0.00,0.00,0.00,0,0,8.00,0.00,0.00,0.00`,
    )

    const other = await newStaffMember(cookie)
    const peek = await callRoute(getBalances, { cookies: [other.cookie], query: { employeeId: member.user.id } })
    expect(peek.status).toBe(403)
  })

  it('refuses a request touching a blackout date with its reason, over the balance, or overlapping', async () => {
    const { cookie } = await newOrganization()
    const member = await newStaffMember(cookie)
    const easter = addDays(week(0), 13)
    const saved = await callRoute(updateHolidays, {
      cookies: [cookie],
      body: { holidays: [], blackouts: [{ date: easter, reason: 'Easter Sunday' }] },
    })
    expect(saved.status, saved.text).toBe(200)
    expect((await callRoute(getHolidays, { cookies: [member.cookie] })).json.blackouts).toEqual([
      { date: easter, reason: 'Easter Sunday' },
    ])
    const adjusted = await callRoute(createAdjustment, {
      cookies: [cookie],
      body: { employeeId: member.user.id, kind: 'vacation', hours: 40, reason: 'Starting balance' },
    })
    expect(adjusted.status, adjusted.text).toBe(200)
    const refused = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from: addDays(easter, -2), to: addDays(easter, 1) },
    })
    expect(refused.status).toBe(400)
    // The date as a person reads it (never ISO); its code carries the same, which the web says in the reader's language.
    expect(refused.json).toMatchObject({
      message: `Time off is not possible on ${formatLongDate(easter)}: Easter Sunday`,
      key: 'timeOffBlackout',
      params: { date: formatLongDate(easter), reason: 'Easter Sunday' },
    })
    expect(refused.json.message).toMatch(/on (Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, [A-Z][a-z]{2} \d{1,2}, \d{4}:/)

    const over = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from: addDays(easter, 1), to: addDays(easter, 6) },
    })
    expect(over.status).toBe(400)
    expect(over.json.message).toBe('Not enough Vacation hours: 40 available, 48 requested')

    const ok = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from: addDays(easter, 1), to: addDays(easter, 2), hoursPerDay: 4 },
    })
    expect(ok.status, ok.text).toBe(200)
    const overlap = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'sick', from: addDays(easter, 2), to: addDays(easter, 2) },
    })
    expect(overlap.status).toBe(400)
    expect(overlap.json.message).toBe('This request overlaps another of your requests')
    expect((await vacationOf(member.cookie)).ledger).toHaveLength(2)

    // Cancelling gives the hours back; a second cancel is refused.
    const cancelled = await callRoute(cancelTimeOff, { cookies: [member.cookie], params: { id: ok.json.id } })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.json.status).toBe('cancelled')
    expect((await callRoute(cancelTimeOff, { cookies: [member.cookie], params: { id: ok.json.id } })).status).toBe(409)
    expect((await vacationOf(member.cookie)).ledger).toHaveLength(1)

    // Bad input: 400 and nothing changes.
    const bad = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from: addDays(easter, 1), to: addDays(easter, 1), hoursPerDay: 30 },
    })
    expect(bad.status).toBe(400)
    const noReason = await callRoute(createAdjustment, {
      cookies: [cookie],
      body: { employeeId: member.user.id, kind: 'vacation', hours: 4, reason: ' ' },
    })
    expect(noReason.status).toBe(400)
    // Vacation allows no negative balance: removing more than the 40 hours left is refused, all of them is not.
    const belowZero = await callRoute(createAdjustment, {
      cookies: [cookie],
      body: { employeeId: member.user.id, kind: 'vacation', hours: -40.5, reason: 'Correction' },
    })
    expect(belowZero.status).toBe(400)
    expect(belowZero.json.message).toBe('Not enough Vacation hours to remove: 40 available, 40.5 to remove')
    expect((await vacationOf(member.cookie)).ledger).toHaveLength(1)
    // Members cannot decide or adjust.
    expect(
      (
        await callRoute(createAdjustment, {
          cookies: [member.cookie],
          body: { employeeId: member.user.id, kind: 'vacation', hours: 4, reason: 'Me' },
        })
      ).status,
    ).toBe(403)
  })

  it('never lets volunteers ask, nor anyone decide their own request or adjust their own balance', async () => {
    const { cookie } = await newOrganization()
    const volunteer = await newStaffMember(cookie, 'volunteer')
    const refused = await callRoute(createTimeOff, {
      cookies: [volunteer.cookie],
      body: { kind: 'sick', from: week(0), to: week(0) },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe('You are not eligible for this kind of time off')

    const other = await newStaffMember(cookie, 'supervisor')
    const supervisorCookie = cookie
    await callRoute(createAdjustment, {
      cookies: [supervisorCookie],
      body: { employeeId: other.user.id, kind: 'sick', hours: 8, reason: 'Grant' },
    })
    const own = await callRoute(createTimeOff, {
      cookies: [other.cookie],
      body: { kind: 'sick', from: addDays(todayIn(ZONE), 3), to: addDays(todayIn(ZONE), 3) },
    })
    expect(own.status, own.text).toBe(200)
    const self = await callRoute(decideTimeOff, {
      cookies: [other.cookie],
      params: { id: own.json.id },
      body: { status: 'approved' },
    })
    expect(self.status).toBe(403)
    // Nor grant themselves hours: the balance stays as the other supervisor left it.
    const before = await vacationOf(other.cookie)
    const selfGrant = await callRoute(createAdjustment, {
      cookies: [other.cookie],
      body: { employeeId: other.user.id, kind: 'vacation', hours: 40, reason: 'Me' },
    })
    expect(selfGrant.status).toBe(403)
    expect(selfGrant.json).toMatchObject({
      message: 'You cannot adjust your own time off balance',
      key: 'adjustmentOwn',
    })
    expect(await vacationOf(other.cookie)).toEqual(before)
    // Staff see only their own requests.
    const staff = await newStaffMember(cookie)
    expect((await callRoute(listTimeOff, { cookies: [staff.cookie] })).json.items).toEqual([])
  })

  it('keeps the holidays a removed member was paid before their removal, and pays none after it', async () => {
    const ahead = addDays(todayIn(ZONE), 2)
    const { cookie, staff, holidayHours } = await memberWithHolidays(addDays(week(1), -30), [
      { date: addDays(week(1), 2), name: 'Founders Day' },
      { date: ahead, name: 'Later Day' },
    ])
    expect([await holidayHours(week(1)), await holidayHours(ahead)]).toEqual([8, 8])
    const removed = await callRoute(removeMember, { cookies: [cookie], params: { id: staff.user.id } })
    expect(removed.status, removed.text).toBe(204)
    expect([await holidayHours(week(1)), await holidayHours(ahead)]).toEqual([8, undefined])
  })

  it('keeps a week’s holidays for a member removed while a period closed early locks that week', async () => {
    const today = todayIn(ZONE)
    const { cookie, staff, holidayHours } = await memberWithHolidays(addDays(week(0), -30), [
      { date: today, name: 'Thanksgiving' },
      { date: addDays(today, 7), name: 'Later Day' },
    ])
    // Weekly periods; this week's closes before it ends, so payroll runs before the holiday.
    const set = await callRoute(updatePayrollSettings, {
      cookies: [cookie],
      body: { payPeriodFrequency: 'weekly', payPeriodAnchor: week(0) },
    })
    expect(set.status, set.text).toBe(200)
    const closed = await callRoute(closePeriod, {
      cookies: [cookie],
      params: { start: week(0) },
      body: { closeAnyway: true },
    })
    expect(closed.status, closed.text).toBe(200)
    expect([await holidayHours(week(0)), await holidayHours(week(-1))]).toEqual([8, 8])
    const removed = await callRoute(removeMember, { cookies: [cookie], params: { id: staff.user.id } })
    expect(removed.status, removed.text).toBe(204)
    // The closed week's file stays as it was paid; the open week ahead pays them nothing.
    expect([await holidayHours(week(0)), await holidayHours(week(-1))]).toEqual([8, undefined])
  })

  it('pays a holiday in the one period carrying its week: never in the next one too', async () => {
    // A Wednesday: paid with its week, in the range holding the week's last day.
    const { holidayHours } = await memberWithHolidays(addDays(week(4), -30), [
      { date: addDays(week(3), 2), name: 'Founders Day' },
    ])
    // Consecutive ranges, by the week and starting midweek: the holiday is paid once in each pair.
    expect([
      await holidayHours(week(3), addDays(week(3), 6)),
      await holidayHours(week(2), addDays(week(2), 6)),
    ]).toEqual([8, undefined])
    const thursday = addDays(week(3), 3)
    expect([
      await holidayHours(addDays(thursday, -14), addDays(thursday, -1)),
      await holidayHours(thursday, addDays(thursday, 13)),
    ]).toEqual([undefined, 8])
  })

  it('pays a holiday to an eligible member and a volunteer nothing; a pending request keeps its period open', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const volunteer = await newStaffMember(cookie, 'volunteer')
    const thanksgiving = addDays(week(1), 3)
    await callRoute(updateHolidays, {
      cookies: [cookie],
      body: { holidays: [{ date: thanksgiving, name: 'Thanksgiving' }], blackouts: [] },
    })
    expect((await callRoute(getHolidays, { cookies: [cookie] })).json.holidays).toEqual([
      { date: thanksgiving, name: 'Thanksgiving', hours: 8 },
    ])
    const range = { from: week(1), to: addDays(week(1), 6) }
    await approveWeek(cookie, volunteer.cookie, workdays(week(1), ['monday']))
    const summary = await callRoute(getSummary, { cookies: [cookie], query: range })
    const rows = summary.json.members as { employeeId: string; holidayHours: number; regularHours: number }[]
    // Joined today: a past holiday pays nothing; the one ahead of the member does.
    expect(rows.find((r) => r.employeeId === staff.user.id)).toBeUndefined()
    const ahead = addDays(todayIn(ZONE), 1)
    await callRoute(updateHolidays, {
      cookies: [cookie],
      body: { holidays: [{ date: ahead, name: 'Thanksgiving', hours: 6 }], blackouts: [] },
    })
    const later = await callRoute(getSummary, { cookies: [cookie], query: { from: ahead, to: addDays(ahead, 13) } })
    const laterRows = later.json.members as { employeeId: string; holidayHours: number; regularHours: number }[]
    expect(laterRows.find((r) => r.employeeId === staff.user.id)).toMatchObject({ holidayHours: 6, regularHours: 0 })
    expect(laterRows.find((r) => r.employeeId === volunteer.user.id)).toBeUndefined()

    // Weekly periods: a pending request inside one keeps it from closing, and the error names it.
    await callRoute(updatePayrollSettings, {
      cookies: [cookie],
      body: { payPeriodFrequency: 'weekly', payPeriodAnchor: week(3) },
    })
    await callRoute(createAdjustment, {
      cookies: [cookie],
      body: { employeeId: staff.user.id, kind: 'personal', hours: 8, reason: 'Grant' },
    })
    const asked = await callRoute(createTimeOff, {
      cookies: [staff.cookie],
      body: { kind: 'personal', from: addDays(week(3), 2), to: addDays(week(3), 2), hoursPerDay: 4 },
    })
    expect(asked.status, asked.text).toBe(200)
    const closed = await callRoute(closePeriod, {
      cookies: [cookie],
      params: { start: week(3) },
      body: { closeAnyway: true },
    })
    expect(closed.status).toBe(409)
    expect(closed.json.message).toBe(
      `This pay period has time off requests that are pending: Ana Silva (${addDays(week(3), 2)})`,
    )
    await callRoute(decideTimeOff, { cookies: [cookie], params: { id: asked.json.id }, body: { status: 'rejected' } })
    const now = await callRoute(closePeriod, {
      cookies: [cookie],
      params: { start: week(3) },
      body: { closeAnyway: true },
    })
    expect(now.status, now.text).toBe(200)
  })

  it('runs the yearly job once: carryover kept at the year start, then the yearly grant (twice grants once)', async () => {
    const { cookie, organization, supervisor } = await newOrganization()
    const staff = await newStaffMember(cookie)
    await newStaffMember(cookie, 'volunteer')
    const policies = defaultTimeOffPolicies()
    policies.policies[0] = {
      ...policies.policies[0]!,
      accrual: { method: 'yearly', hours: 40, on: '01-01' },
      carryoverHours: 8,
      capHours: 60,
    }
    expect((await callRoute(updatePolicies, { cookies: [cookie], body: policies })).status).toBe(200)
    const db = orgDb(organization.id)
    await db.timeOff.adjust(
      staff.user,
      { kind: 'vacation', hours: 20, reason: 'Start', date: '2026-06-01' },
      supervisor,
    )
    // The staff member's carryover and grant, and the supervisor's grant (the volunteer gets none).
    expect(await yearlyTimeOff(organization.id, '2027-01-02')).toBe(3)
    expect(await yearlyTimeOff(organization.id, '2027-01-02')).toBe(0)
    const ledger = await db.timeOff.ledger(staff.user.id)
    expect(ledger.map((e) => [e.type, e.hours])).toEqual([
      ['adjustment', 20],
      ['carryover', -12],
      ['accrual', 40],
    ])
    expect((await vacationOf(staff.cookie)).accruedHours).toBe(48)
  })
})
