import { describe, expect, it } from 'vitest'
import { defaultTimeOffPolicies, type TimeOffPolicies } from '@app/core'
import { callRoute, ok } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import {
  approvedThroughRoute,
  decidedThroughRoute,
  weekAgo,
  weekOfShifts,
  type Shift,
} from '../../test/support/test-timesheets.ts'
import sendBack from '../timesheets/send-back.ts'
import submitTimesheet from '../timesheets/submit-timesheet.ts'
import updateDraft from '../timesheets/update-draft.ts'
import getBalances from './get-balances.ts'
import updatePolicies from './update-policies.ts'

/**
 * A per-hours-worked accrual held at its cap is worked out again when a week that filled the cap
 * is sent back and approved again: the balance is that of the weeks approved now, whatever the
 * order their approvals and send-backs came in.
 */

/** Sick time: 1 hour per 10 worked, the balance capped at 5 hours. */
const cappedSick = (): TimeOffPolicies => ({
  policies: defaultTimeOffPolicies().policies.map((p) =>
    p.kind === 'sick' ? { ...p, accrual: { method: 'perHoursWorked', hours: 1, per: 10 }, capHours: 5 } : p,
  ),
})

const day: Shift = { start: '08:00', end: '16:00' }
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
/** Eight-hour days on the first `n` weekdays. */
const eightHourDays = (n: number) => Object.fromEntries(DAYS.slice(0, n).map((d) => [d, day]))
/** Five eight-hour days, and Saturday from 08:00 to `end`. */
const withSaturdayTo = (end: string) => ({ ...eightHourDays(5), saturday: { start: '08:00', end } })

const sickOf = async (cookie: string, employeeId: string) => {
  const res = ok(await callRoute(getBalances, { cookies: [cookie], query: { employeeId } }))
  const sick = (res.json.balances as { kind: string; availableHours: number }[]).find((b) => b.kind === 'sick')!
  return sick.availableHours
}

/** A new organization with capped sick time, and one of its staff. */
const cappedMember = async () => {
  const { cookie } = await newOrganization()
  const member = await newStaffMember(cookie)
  ok(await callRoute(updatePolicies, { cookies: [cookie], body: cappedSick() }))
  /** A week `weeksBack` weeks ago of office work on `days`, submitted by the member and approved; its id. */
  const approveWeek = (weeksBack: number, days: Record<string, Shift>) =>
    approvedThroughRoute(cookie, member.cookie, weekOfShifts(weekAgo(weeksBack), days, 'Office'))
  return { cookie, member, sick: () => sickOf(cookie, member.user.id), approveWeek }
}

const sendBackWeek = async (cookie: string, id: number, comments: string) =>
  ok(await callRoute(sendBack, { cookies: [cookie], params: { id: String(id) }, body: { comments } }))

describe('a capped per-hours-worked accrual', () => {
  it('gives back what the cap held when the week that filled it is sent back, and after its new approval', async () => {
    const { cookie, member, sick, approveWeek } = await cappedMember()

    // Week 1: 41 h 40 min (five eight-hour days and 1 h 40 min on Saturday) earns 4.16 h.
    const first = await approveWeek(4, withSaturdayTo('09:40'))
    expect(await sick()).toBe(4.16)

    // Week 2: 16 h earns 1.6 h, of which the cap grants 0.84.
    await approveWeek(3, eightHourDays(2))
    expect(await sick()).toBe(5)

    // Week 1 is sent back: only week 2 is approved now, and its 16 h earn 1.6 h.
    await sendBackWeek(cookie, first, 'Three days, not five')
    expect(await sick()).toBe(1.6)

    // Week 1 corrected to 24 h and approved again: 24 h + 16 h = 40 h earn 4 h, under the cap.
    ok(
      await callRoute(updateDraft, {
        cookies: [member.cookie],
        params: { id: String(first) },
        body: { ...weekOfShifts(weekAgo(4), eightHourDays(3), 'Office'), weekStartDate: undefined },
      }),
    )
    ok(await callRoute(submitTimesheet, { cookies: [member.cookie], params: { id: String(first) }, body: {} }))
    await decidedThroughRoute(cookie, first, 'approved')
    expect(await sick()).toBe(4)
  })

  it('keeps a week the cap granted nothing, with what it earned, and gives it back when the week that filled the cap is sent back', async () => {
    const { cookie, sick, approveWeek } = await cappedMember()

    // Week 1: 50 h earn 5 h, the cap. Week 2: 16 h earn 1.6 h, of which the cap grants nothing.
    const first = await approveWeek(4, withSaturdayTo('18:00'))
    await approveWeek(3, eightHourDays(2))
    expect(await sick()).toBe(5)

    await sendBackWeek(cookie, first, 'Not that many hours')
    expect(await sick()).toBe(1.6)
  })
})
