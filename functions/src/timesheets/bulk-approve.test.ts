import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import bulkApprove from './bulk-approve.ts'
import createTimesheet from './create-timesheet.ts'
import updateApprovals from '../organization/update-approvals.ts'
import getHistory from './get-history.ts'
import saveDraft from './save-draft.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const week = { mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Visits' }

/** A timesheet of the staff member's, weeksAgo before this week: submitted (pending), or a draft. */
const timesheet = async (staffCookie: string, weeksAgo: number, submit = true) => {
  const made = await callRoute(submit ? createTimesheet : saveDraft, {
    cookies: [staffCookie],
    body: { weekStartDate: addDays(thisWeek(), -7 * weeksAgo), ...week },
  })
  expect(made.status, made.text).toBe(200)
  expect(made.json.status).toBe(submit ? 'pending' : 'draft')
  return made.json.id as number
}
const bulk = (cookie: string, body: unknown) => callRoute(bulkApprove, { cookies: [cookie], body })
const historyOf = async (cookie: string, id: number) =>
  (await callRoute(getHistory, { cookies: [cookie], params: { id: String(id) } })).json as { action: string }[]

describe('POST /api/timesheets/bulk-approve', () => {
  it('approves each pending timesheet in its own decision and record, and says which failed and why', async () => {
    const { cookie } = await newOrganization()
    const ana = await newStaffMember(cookie)
    const ben = await newStaffMember(cookie)
    const a1 = await timesheet(ana.cookie, 1)
    const a2 = await timesheet(ana.cookie, 2)
    const b1 = await timesheet(ben.cookie, 1)
    const draft = await timesheet(ben.cookie, 2, false)
    // Ids are the organization's own: one it never had is not found (another's is the security suite's).
    const foreign = 999_999

    const res = await bulk(cookie, { ids: [a1, draft, a2, foreign, b1] })
    expect(res.status, res.text).toBe(200)
    expect(res.json.approved).toEqual([a1, a2, b1])
    expect(res.json.firstApprovals).toEqual([])
    expect(res.json.failed).toEqual([
      { id: draft, status: 409, message: expect.any(String) },
      { id: foreign, status: 404, message: 'Timesheet not found' },
    ])
    for (const id of [a1, a2, b1]) {
      const history = await historyOf(cookie, id)
      expect(history.filter((h) => h.action === 'timesheet.approved')).toHaveLength(1)
    }
    expect((await historyOf(cookie, draft)).map((h) => h.action)).not.toContain('timesheet.approved')

    // Again: nothing is approved twice; each says it is no longer pending.
    const again = await bulk(cookie, { ids: [a1, b1] })
    expect(again.json.approved).toEqual([])
    expect(again.json.failed.map((f: { status: number }) => f.status)).toEqual([409, 409])
  })

  it('with two-step approvals on, says which approvals were only the first, and the final ones apart', async () => {
    const { cookie, supervisor } = await newOrganization()
    const second = await newStaffMember(cookie, 'supervisor')
    const ana = await newStaffMember(cookie)
    const on = await callRoute(updateApprovals, {
      cookies: [cookie],
      body: { twoStep: true, finalApproverIds: [supervisor.id] },
    })
    expect(on.status, on.text).toBe(200)
    const a1 = await timesheet(ana.cookie, 1)
    const a2 = await timesheet(ana.cookie, 2)

    const first = await bulk(second.cookie, { ids: [a1, a2] })
    expect(first.status, first.text).toBe(200)
    expect(first.json).toEqual({ approved: [a1, a2], firstApprovals: [a1, a2], failed: [] })
    const final = await bulk(cookie, { ids: [a1, a2] })
    expect(final.json).toEqual({ approved: [a1, a2], firstApprovals: [], failed: [] })
  })

  it('refuses bad lists with a 400 and staff with a 403, deciding nothing', async () => {
    const { cookie } = await newOrganization()
    const ana = await newStaffMember(cookie)
    const id = await timesheet(ana.cookie, 1)
    for (const body of [
      { ids: [] },
      { ids: [id, id] },
      { ids: ['x'] },
      { ids: [-1] },
      {},
      { ids: Array(51).fill(id) },
    ]) {
      const res = await bulk(cookie, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await bulk(ana.cookie, { ids: [id] })).status).toBe(403)
    expect((await historyOf(cookie, id)).map((h) => h.action)).not.toContain('timesheet.approved')
  })
})
