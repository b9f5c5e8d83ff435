import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, formatLongDate } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { payrollAs, periodClosedAnswer } from '../../test/support/test-payroll.ts'
import cancelTimeOff from '../time-off/cancel-time-off.ts'
import listTimeOff from '../time-off/list-time-off.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import getWeek from '../timesheets/get-week.ts'
import saveDraft from '../timesheets/save-draft.ts'
import updateMember from '../members/update-member.ts'
import getHolidays from '../organization/get-holidays.ts'
import updateHolidays from '../organization/update-holidays.ts'
import closePeriod from './close-period.ts'
import reopenPeriod from './reopen-period.ts'
import updateSettings from './update-settings.ts'

/** Two closed periods that share a workweek, and schedule changes that would make them. */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const anchor = addDays(thisWeek, -56)
/** The answer of a change in the period of two weeks from this week, once closed. */
const closedMessage = periodClosedAnswer({ start: thisWeek, end: addDays(thisWeek, 13) })

const biweekly = async (cookie: string, payPeriodAnchor: string) =>
  callRoute(updateSettings, { cookies: [cookie], body: { payPeriodFrequency: 'biweekly', payPeriodAnchor } })

describe('pay-period locks', () => {
  it('keep a week locked while any closed period holds it: reopening one leaves the other', async () => {
    const { cookie, organization, supervisor } = await newOrganization()
    const db = orgDb(organization.id)
    const [w1, w2, w3] = [anchor, addDays(anchor, 7), addDays(anchor, 14)]
    // Two closed periods sharing week w2 (as data older than the schedule check could hold them).
    await db.payroll.close({ start: addDays(w1, 6), end: addDays(w2, 6) }, [w1, w2], supervisor)
    await db.payroll.close({ start: addDays(w2, 6), end: addDays(w3, 6) }, [w2, w3], supervisor)
    await db.payroll.reopen(addDays(w1, 6), 'A late shift', supervisor)
    const shared = await callRoute(saveDraft, { cookies: [cookie], body: { weekStartDate: w2, notes: 'x' } })
    // The week names the period that still holds it.
    expect([shared.status, shared.json]).toEqual([
      409,
      {
        message: `The pay period ${formatLongDate(addDays(w2, 6))} to ${formatLongDate(addDays(w3, 6))} is closed`,
        key: 'periodClosedNamed',
        params: { start: formatLongDate(addDays(w2, 6)), end: formatLongDate(addDays(w3, 6)) },
      },
    ])
    expect((await callRoute(saveDraft, { cookies: [cookie], body: { weekStartDate: w1 } })).status).toBe(200)
    const week = (start: string) => callRoute(getWeek, { cookies: [cookie], query: { start } })
    expect((await week(w2)).json.periodClosed).toBe(true)
    await db.payroll.reopen(addDays(w2, 6), 'Another', supervisor)
    // Reopened, the week says so (its lock item stays behind with no holder).
    expect((await week(w2)).json.periodClosed).toBe(false)
    expect((await callRoute(saveDraft, { cookies: [cookie], body: { weekStartDate: w2 } })).status).toBe(200)
  })

  it("keep a closed period's leave as it closed: a request, an approval or a cancellation there is refused", async () => {
    const { cookie, organization } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const payroll = payrollAs(cookie)
    await payroll.biweeklyFrom(thisWeek)
    // Next week's Wednesday off, approved; then the period closes early, and a day is asked meanwhile.
    const approvedDay = addDays(thisWeek, 9)
    await payroll.approveVacationDay(staff, approvedDay)
    const ask = (day: string) =>
      callRoute(createTimeOff, { cookies: [staff.cookie], body: { kind: 'vacation', from: day, to: day } })
    const asked = await ask(addDays(thisWeek, 10))
    expect(asked.status, asked.text).toBe(200)
    await callRoute(cancelTimeOff, { cookies: [staff.cookie], params: { id: asked.json.id } })
    await payroll.close(thisWeek, true)

    expect([(await ask(addDays(thisWeek, 10))).json]).toEqual([closedMessage])
    const approved = (await callRoute(listTimeOff, { cookies: [cookie] })).json.items.find(
      (r: { from: string; status: string }) => r.from === approvedDay && r.status === 'approved',
    )
    const cancelled = await callRoute(cancelTimeOff, { cookies: [staff.cookie], params: { id: approved.id } })
    expect([cancelled.status, cancelled.json]).toEqual([409, closedMessage])
    // A request left pending there (the close refuses those, but one may race it) is not approved.
    const day = addDays(thisWeek, 11)
    const raced = await orgDb(organization.id).timeOff.create(
      { kind: 'vacation', from: day, to: day, hoursPerDay: 8, note: '', days: [{ date: day, hours: 8 }], hours: 8 },
      staff.user,
    )
    const approving = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: raced.id },
      body: { status: 'approved' },
    })
    expect([approving.status, approving.json]).toEqual([409, closedMessage])
    // The next period is open.
    const next = await ask(addDays(thisWeek, 16))
    expect(next.status, next.text).toBe(200)
    const decided = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: next.json.id },
      body: { status: 'approved' },
    })
    expect(decided.status, decided.text).toBe(200)
  })

  it("keep a closed period's holiday pay as it closed: a holiday or a hire date moved there is refused", async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const payroll = payrollAs(cookie)
    await payroll.biweeklyFrom(thisWeek)
    const wednesday = addDays(thisWeek, 2)
    const holiday = { date: wednesday, name: 'Founders Day', hours: 8 }
    const calendar = (holidays: object[]) =>
      callRoute(updateHolidays, { cookies: [cookie], body: { holidays, blackouts: [] } })
    const hire = (hireDate: string) =>
      callRoute(updateMember, { cookies: [cookie], params: { id: staff.user.id }, body: { hireDate } })
    expect((await calendar([holiday])).status).toBe(200)
    expect((await hire(addDays(thisWeek, -30))).status).toBe(200)
    await payroll.close(thisWeek, true)

    for (const refused of [
      await calendar([]),
      await calendar([{ ...holiday, hours: 4 }]),
      await calendar([holiday, { date: addDays(thisWeek, 3), name: 'Another', hours: 8 }]),
      await hire(addDays(thisWeek, 5)),
    ])
      expect([refused.status, refused.json]).toEqual([409, closedMessage])
    expect((await callRoute(getHolidays, { cookies: [cookie] })).json.holidays).toEqual([holiday])
    // What pays the same is saved: a new name, a hire date still before the holiday, a holiday after the period.
    expect((await calendar([{ ...holiday, name: 'Founders' }])).status).toBe(200)
    expect((await hire(addDays(thisWeek, -10))).status).toBe(200)
    const later = { date: addDays(thisWeek, 16), name: 'Later', hours: 8 }
    expect((await calendar([{ ...holiday, name: 'Founders' }, later])).status).toBe(200)
    // Reopened, the period takes the change.
    await payroll.reopen(thisWeek, 'Hired later')
    const moved = await hire(addDays(thisWeek, 5))
    expect(moved.status, moved.text).toBe(200)
  })

  it('refuse a schedule change that would split a closed period, with a clear message, and change nothing', async () => {
    const { cookie, organization } = await newOrganization()
    expect((await biweekly(cookie, anchor)).status).toBe(200)
    const closed = await callRoute(closePeriod, { cookies: [cookie], params: { start: anchor } })
    expect(closed.status, closed.text).toBe(200)

    // Moving the anchor a week would make a period of one closed week and one open week.
    const split = await biweekly(cookie, addDays(anchor, 7))
    expect(split.status).toBe(400)
    expect(split.json).toMatchObject({
      message: `The new pay schedule would split the closed pay period ${formatLongDate(anchor)} to ${formatLongDate(addDays(anchor, 13))}. Reopen it first, or choose an anchor date that keeps it whole.`,
      key: 'scheduleSplitsClosedPeriod',
      // Dates as a person reads them; the web says them in the reader's language (parseLongDate).
      params: { start: formatLongDate(anchor), end: formatLongDate(addDays(anchor, 13)) },
    })
    const monthly = await callRoute(updateSettings, { cookies: [cookie], body: { payPeriodFrequency: 'monthly' } })
    expect(monthly.status).toBe(400)
    const org = await orgDb(organization.id).organization.get()
    expect([org.payPeriodFrequency, org.payPeriodAnchor]).toEqual(['biweekly', anchor])

    // The same periods from another anchor date are fine.
    expect((await biweekly(cookie, addDays(anchor, 28))).status).toBe(200)
    expect((await biweekly(cookie, addDays(anchor, 14))).status).toBe(200)
    // Once reopened, any schedule goes.
    const reopened = await callRoute(reopenPeriod, {
      cookies: [cookie],
      params: { start: anchor },
      body: { reason: 'Schedule change' },
    })
    expect(reopened.status, reopened.text).toBe(200)
    expect((await biweekly(cookie, addDays(anchor, 7))).status).toBe(200)
  })
})
