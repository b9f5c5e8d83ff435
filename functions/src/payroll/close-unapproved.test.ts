import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, PayPeriod, PayPeriodList } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { payrollAs } from '../../test/support/test-payroll.ts'
import listAudit from '../audit/list-audit.ts'
import updateMember from '../members/update-member.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import saveDraft from '../timesheets/save-draft.ts'
import closePeriod from './close-period.ts'
import listPeriods from './list-periods.ts'

/**
 * A period whose only unfinished weeks are a declined one and a draft: the Payroll page lists them
 * (member, week, the week itself), a plain close names them (409), and Close anyway closes it with
 * them locked unpaid and named in the closure; a week still awaiting a decision keeps it open.
 */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const first = addDays(thisWeek, -14)
const second = addDays(thisWeek, -7)
const workWeek = (weekStartDate: string) => ({
  weekStartDate,
  mondayStart: '09:00',
  mondayEnd: '17:00',
  tuesdayStart: '09:00',
  tuesdayEnd: '17:00',
})

let sup: Awaited<ReturnType<typeof newOrganization>>
let tyler: Awaited<ReturnType<typeof newStaffMember>>
let ruth: Awaited<ReturnType<typeof newStaffMember>>
let ana: Awaited<ReturnType<typeof newStaffMember>>
const ids: Record<string, number> = {}

const rename = async (id: string, firstName: string, lastName: string) => {
  const res = await callRoute(updateMember, { cookies: [sup.cookie], params: { id }, body: { firstName, lastName } })
  expect(res.status, res.text).toBe(200)
}
const submit = async (who: { cookie: string }, weekStartDate: string) => {
  const res = await callRoute(createTimesheet, { cookies: [who.cookie], body: workWeek(weekStartDate) })
  expect(res.status, res.text).toBe(200)
  return res.json.id as number
}
const decide = async (id: number, status: 'approved' | 'rejected') => {
  await decidedThroughRoute(sup.cookie, id, status, status === 'rejected' ? 'Tuesday is missing its break' : undefined)
}
/** Closes the first period with Close anyway, as `cookie`'s session asks. */
const closeAnyway = (cookie: string) =>
  callRoute(closePeriod, { cookies: [cookie], params: { start: first }, body: { closeAnyway: true } })
const periodOf = async () => {
  const res = await callRoute(listPeriods, { cookies: [sup.cookie], query: { before: thisWeek, count: '1' } })
  expect(res.status, res.text).toBe(200)
  return PayPeriodList.parse(res.json).periods[0]!
}

beforeAll(async () => {
  sup = await newOrganization('Cornerstone Church')
  ;[tyler, ruth, ana] = await Promise.all([
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie),
  ])
  await rename(tyler.user.id, 'Tyler', 'Brooks')
  await rename(ruth.user.id, 'Ruth', 'Okafor')
  await payrollAs(sup.cookie).biweeklyFrom(first)
  // Tyler: one week approved, the other declined. Ruth: one approved, one a draft with work. Ana: both approved.
  ids.tylerFirst = await submit(tyler, first)
  ids.tylerSecond = await submit(tyler, second)
  ids.ruthFirst = await submit(ruth, first)
  const draft = await callRoute(saveDraft, { cookies: [ruth.cookie], body: workWeek(second) })
  expect(draft.status, draft.text).toBe(200)
  ids.ruthDraft = draft.json.id
  ids.anaFirst = await submit(ana, first)
  ids.anaSecond = await submit(ana, second)
  for (const id of [ids.tylerFirst!, ids.ruthFirst!, ids.anaFirst!]) await decide(id, 'approved')
  await decide(ids.tylerSecond!, 'rejected')
}, 60_000)

describe('closing a period with declined and draft weeks', () => {
  it('keeps it open while a week awaits a decision, even with closeAnyway', async () => {
    const res = await closeAnyway(sup.cookie)
    expect(res.status).toBe(409)
    expect(res.json.blockers.map((p: { employeeId: string }) => p.employeeId)).toEqual([ana.user.id])
    await decide(ids.anaSecond!, 'approved')
  })

  it('lists the declined and draft weeks in the summary with the member, the week and the timesheet', async () => {
    const period = await periodOf()
    expect(period.start).toBe(first)
    expect(period.pending).toEqual([])
    expect(period.unapproved?.map(({ timesheet, ...w }) => ({ ...w, listedId: timesheet?.id }))).toEqual([
      {
        employeeId: tyler.user.id,
        firstName: 'Tyler',
        lastName: 'Brooks',
        weekStartDate: second,
        timesheetId: ids.tylerSecond,
        status: 'rejected',
        listedId: ids.tylerSecond,
      },
      {
        employeeId: ruth.user.id,
        firstName: 'Ruth',
        lastName: 'Okafor',
        weekStartDate: second,
        timesheetId: ids.ruthDraft,
        status: 'draft',
        listedId: ids.ruthDraft,
      },
    ])
    expect(period.unapproved?.[0]?.timesheet?.employee).toMatchObject({ firstName: 'Tyler', lastName: 'Brooks' })
  })

  it('refuses a plain close naming both, then closes anyway with them locked unpaid and named', async () => {
    const plain = await callRoute(closePeriod, { cookies: [sup.cookie], params: { start: first } })
    expect(plain.status).toBe(409)
    expect(plain.json.blockers.map((p: { lastName: string }) => p.lastName)).toEqual(['Brooks', 'Okafor'])
    expect((await periodOf()).status).toBe('open')

    const res = await closeAnyway(sup.cookie)
    expect(res.status, res.text).toBe(200)
    const closed = PayPeriod.parse(res.json)
    expect(closed.status).toBe('closed')
    expect(closed.unapproved?.map((w) => [w.lastName, w.status])).toEqual([
      ['Brooks', 'rejected'],
      ['Okafor', 'draft'],
    ])
    // Unpaid: only the four approved weeks' hours (16 h each) count.
    expect(closed.approvedHours).toBe(64)
    expect((await periodOf()).unapproved?.map((w) => w.timesheetId)).toEqual([ids.tylerSecond, ids.ruthDraft])

    // Locked: the draft can no longer change.
    const edit = await callRoute(saveDraft, { cookies: [ruth.cookie], body: workWeek(second) })
    expect(edit.status).toBe(409)

    const audit = await callRoute(listAudit, { cookies: [sup.cookie] })
    expect(audit.status, audit.text).toBe(200)
    const record = audit.json.items.find((r: { action: string }) => r.action === 'payPeriod.closed')
    expect(record.changes).toEqual([
      {
        field: 'unapprovedWeeks',
        before: null,
        after: `Tyler Brooks ${second} (rejected), Ruth Okafor ${second} (draft)`,
      },
    ])
  })

  it('forgets the named weeks when reopened', async () => {
    const res = await payrollAs(sup.cookie).reopen(first, 'Tyler corrects his week')
    // Open again: the list is the live one, still the same two weeks.
    expect(PayPeriod.parse(res.json).unapproved?.map((w) => w.timesheetId)).toEqual([ids.tylerSecond, ids.ruthDraft])
  })

  it('refuses staff (403)', async () => {
    const res = await closeAnyway(tyler.cookie)
    expect(res.status).toBe(403)
  })
})
