import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, DecidedTimesheet, defaultTimeOffPolicies, type TimeOffPolicies } from '@app/core'
import { orgDb, outbox } from '@app/data'
import { snapshotOf } from '../../test/security/support/world.ts'
import { callRoute } from '../../test/support/test-event.ts'
import { periodClosedAnswer } from '../../test/support/test-payroll.ts'
import { newCampusAdmin, newOrganization, newStaffMember, withNorthAndSouth } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { decidedThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import listAudit from '../audit/list-audit.ts'
import updatePolicies from '../time-off/update-policies.ts'
import createWebhook from '../webhooks/create-webhook.ts'
import sendBack from './send-back.ts'
import submitTimesheet from './submit-timesheet.ts'
import updateDraft from './update-draft.ts'
import updateStatus from './update-status.ts'

/**
 * POST /api/timesheets/{id}/send-back: an approved week goes back to its member for correction,
 * everything its approval wrote taken back in the same transaction, and every refusal changes nothing.
 */
const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const eightHours = (weekStartDate: string) => ({
  weekStartDate,
  mondayStart: '08:00',
  mondayEnd: '16:00',
  mondayActivity: 'Visits',
  tuesdayStart: '08:00',
  tuesdayEnd: '12:00',
})

/** Vacation earned per hour worked (1 per 10), so an approval posts an accrual. */
const accruingPolicies = (): TimeOffPolicies => ({
  policies: defaultTimeOffPolicies().policies.map((p) =>
    p.kind === 'vacation' ? { ...p, accrual: { method: 'perHoursWorked', hours: 1, per: 10 } } : p,
  ),
})

const approvedWeek = async (weeksBack = 1) => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  const submitted = await submittedThroughRoute(staff.cookie, eightHours(addDays(thisWeek(), -7 * weeksBack)))
  const id = Number(submitted.json.id)
  await decidedThroughRoute(org.cookie, id, 'approved', 'Thanks')
  return { ...org, staff, id, db: orgDb(org.organization.id) }
}

const sendBackAs = (cookie: string, id: number | string, body: unknown) =>
  callRoute(sendBack, { cookies: [cookie], params: { id: String(id) }, body })

describe('POST /api/timesheets/{id}/send-back', () => {
  it('moves an approved week to rejected with the comment, takes back its figures, counts and accruals, emails and records it', async () => {
    const org = await newOrganization()
    const db = orgDb(org.organization.id)
    expect((await callRoute(updatePolicies, { cookies: [org.cookie], body: accruingPolicies() })).status).toBe(200)
    const hook = await callRoute(createWebhook, {
      cookies: [org.cookie],
      body: { url: 'http://127.0.0.1:9/hook', events: ['timesheet.rejected'] },
    })
    expect(hook.status, hook.text).toBe(200)
    const staff = await newStaffMember(org.cookie)
    const week = addDays(thisWeek(), -7)
    const id = Number((await submittedThroughRoute(staff.cookie, eightHours(week))).json.id)
    await decidedThroughRoute(org.cookie, id, 'approved', 'Thanks')
    expect(await db.payroll.figuresOfWeeks(week, week)).toHaveLength(1)
    const accrued = (await db.timeOff.ledger(staff.user.id)).filter((e) => e.type === 'accrual')
    expect(accrued.map((e) => e.hours)).toEqual([1.2])
    const before = await db.aggregates.stored()

    const res = await sendBackAs(org.cookie, id, { comments: '  Monday was a holiday: move those hours  ' })
    expect(res.status, res.text).toBe(200)
    const answer = DecidedTimesheet.parse(res.json)
    expect(answer).toMatchObject({
      status: 'rejected',
      approvedBy: null,
      approvedAt: null,
      comments: 'Monday was a holiday: move those hours',
      approvals: [],
    })
    expect(answer.commentHistory.map((c) => [c.status, c.comment])).toEqual([
      ['approved', 'Thanks'],
      ['rejected', 'Monday was a holiday: move those hours'],
    ])

    // The figures, the accrual and the approved count go; the week counts as rejected.
    expect(await db.payroll.figuresOfWeeks(week, week)).toEqual([])
    expect((await db.timeOff.ledger(staff.user.id)).filter((e) => e.type === 'accrual')).toEqual([])
    const after = await db.aggregates.stored()
    expect(after.counts).toMatchObject({ approved: before.counts.approved - 1, rejected: before.counts.rejected + 1 })
    expect(after.weeks[week]).toEqual({ pending: 0, approved: 0, rejected: 1, approvedMinutes: 0 })
    expect(await db.aggregates.rebuild()).toEqual(after)

    // The member's decline email with the comment, the record, the decline's webhook event.
    const member = await db.users.get(staff.user.id)
    const mails = await inbox(member.email!)
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('declined')])
    expect(mails[0]!.body.text).toContain('Monday was a holiday: move those hours')
    const audit = await callRoute(listAudit, { cookies: [org.cookie], query: { action: 'timesheet.sentBack' } })
    expect(audit.json.items).toEqual([
      expect.objectContaining({
        subject: expect.objectContaining({ type: 'timesheet', id }),
        changes: expect.arrayContaining([{ field: 'status', before: 'approved', after: 'rejected' }]),
      }),
    ])
    const deliveries = (await snapshotOf(org.organization.id)).items.filter((i) =>
      String(i.sk).startsWith('WHDELIVERY#'),
    )
    expect(deliveries.map((d) => [d.event, JSON.parse(String(d.payload)).data])).toEqual([
      ['timesheet.rejected', expect.objectContaining({ timesheetId: id, status: 'rejected' })],
    ])

    // The member corrects (Tuesday was not worked: a save carries the whole week) and submits; the new approval writes the figures and the accrual again.
    const edit = await callRoute(updateDraft, {
      cookies: [staff.cookie],
      params: { id: String(id) },
      body: { mondayStart: '08:00', mondayEnd: '16:00', mondayActivity: 'Visits' },
    })
    expect(edit.status, edit.text).toBe(200)
    const again = await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(id) }, body: {} })
    expect(again.json.status).toBe('pending')
    await decidedThroughRoute(org.cookie, id, 'approved', '')
    expect((await db.payroll.figuresOfWeeks(week, week)).map((f) => f.paidMinutes)).toEqual([480])
    expect((await db.timeOff.ledger(staff.user.id)).filter((e) => e.type === 'accrual').map((e) => e.hours)).toEqual([
      0.8,
    ])
    const stored = await db.aggregates.stored()
    expect(stored.weeks[week]).toEqual({ pending: 0, approved: 1, rejected: 0, approvedMinutes: 480 })
    expect(await db.aggregates.rebuild()).toEqual(stored)
  })

  it('refuses, changing nothing: bad comments 400, staff 403, own week 403, another church 404, not approved 409, closed period 409', async () => {
    const { cookie, organization, supervisor, staff, id, db } = await approvedWeek(2)
    const snapshot = () => snapshotOf(organization.id)
    const before = await snapshot()
    const refusals: [string, () => ReturnType<typeof sendBackAs>, number, Record<string, unknown>][] = [
      ['no body', () => sendBackAs(cookie, id, {}), 400, { fields: { comments: expect.any(String) } }],
      [
        'a blank comment',
        () => sendBackAs(cookie, id, { comments: '   ' }),
        400,
        {
          message: 'Say what needs correcting: a comment is required',
          key: 'sendBackCommentRequired',
        },
      ],
      [
        'a long comment',
        () => sendBackAs(cookie, id, { comments: 'x'.repeat(2001) }),
        400,
        {
          fields: { comments: 'Comments must be 2000 characters or fewer' },
        },
      ],
      ['a number', () => sendBackAs(cookie, id, { comments: 7 }), 400, {}],
      ['a bad id', () => sendBackAs(cookie, 'abc', { comments: 'Fix' }), 400, {}],
      [
        'an unknown id',
        () => sendBackAs(cookie, 999_999_999, { comments: 'Fix' }),
        404,
        {
          message: 'Timesheet not found',
        },
      ],
      ['staff', () => sendBackAs(staff.cookie, id, { comments: 'Fix' }), 403, {}],
    ]
    for (const [what, call, status, body] of refusals) {
      const res = await call()
      expect(res.status, `${what}: ${res.text}`).toBe(status)
      expect(res.json, what).toMatchObject(body)
    }
    const other = await newOrganization()
    const foreign = await sendBackAs(other.cookie, id, { comments: 'Fix' })
    expect([foreign.status, foreign.json.message]).toEqual([404, 'Timesheet not found'])
    expect(await snapshot()).toEqual(before)

    // A supervisor's own approved week (approved by another supervisor).
    const second = await newStaffMember(cookie, 'supervisor', { person: { firstName: 'Fay', lastName: 'Final' } })
    const own = Number((await submittedThroughRoute(cookie, eightHours(addDays(thisWeek(), -7)))).json.id)
    await decidedThroughRoute(second.cookie, own, 'approved', '')
    const ownBefore = await snapshot()
    const refusedOwn = await sendBackAs(cookie, own, { comments: 'Fix' })
    expect([refusedOwn.status, refusedOwn.json]).toEqual([
      403,
      { message: 'You cannot send back your own timesheet', key: 'ownTimesheetSendBack' },
    ])
    expect(await snapshot()).toEqual(ownBefore)

    // Pending (and rejected) weeks are not sent back.
    const pending = Number((await submittedThroughRoute(staff.cookie, eightHours(addDays(thisWeek(), -21)))).json.id)
    const pendingBefore = await snapshot()
    const notApproved = await sendBackAs(cookie, pending, { comments: 'Fix' })
    expect([notApproved.status, notApproved.json]).toEqual([
      409,
      {
        message: 'This timesheet is Pending Review; only approved timesheets can be sent back',
        key: 'notApproved',
        params: { status: 'Pending Review' },
      },
    ])
    expect(await snapshot()).toEqual(pendingBefore)

    // A closed pay period holds the week.
    const week = (await db.timesheets.get(id)).weekStartDate
    await db.payroll.close({ start: week, end: addDays(week, 6) }, [week], supervisor)
    const closedBefore = await snapshot()
    const closed = await sendBackAs(cookie, id, { comments: 'Fix' })
    expect([closed.status, closed.json]).toEqual([409, periodClosedAnswer({ start: week, end: addDays(week, 6) })])
    expect(await snapshot()).toEqual(closedBefore)
    expect((await db.timesheets.get(id)).status).toBe('approved')
  })

  it('answers a campus admin for their campus’s members, and 404 for another campus’s', async () => {
    const { cookie, staff, id, db } = await approvedWeek(3)
    const { north, southAdmin } = await withNorthAndSouth(cookie)
    await db.members.update(staff.user.id, { campusId: north }, (await db.users.list())[0]!)
    const northAdmin = await newCampusAdmin(cookie, north, { firstName: 'Nia', lastName: 'North' })
    const refused = await sendBackAs(southAdmin.cookie, id, { comments: 'Fix' })
    expect([refused.status, refused.json.message]).toEqual([404, 'Timesheet not found'])
    expect((await db.timesheets.get(id)).status).toBe('approved')
    const res = await sendBackAs(northAdmin.cookie, id, { comments: 'Fix Monday' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.status).toBe('rejected')
  })

  it('keeps the send-back when SES is down: the decline email waits in the outbox for the retry job', async () => {
    const { cookie, organization, id, db } = await approvedWeek(5)
    const endpoint = process.env.SES_ENDPOINT
    const { resetClients } = await import('@app/adapters')
    process.env.SES_ENDPOINT = 'http://127.0.0.1:9' // nothing listens there
    resetClients()
    try {
      const res = await sendBackAs(cookie, id, { comments: 'Missing Friday' })
      expect(res.status, res.text).toBe(200)
    } finally {
      process.env.SES_ENDPOINT = endpoint
      resetClients()
    }
    expect((await db.timesheets.get(id)).status).toBe('rejected')
    const queued = await outbox.pendingFor(organization.id)
    expect(queued.map((q) => q.attempts)).toEqual([1])
  })

  it('two send-backs at the same moment: exactly one wins, the counts stay true', async () => {
    const { cookie, id, db } = await approvedWeek(4)
    const second = await newStaffMember(cookie, 'supervisor', { person: { firstName: 'Fay', lastName: 'Final' } })
    const answers = await Promise.all([
      sendBackAs(cookie, id, { comments: 'Fix Monday' }),
      sendBackAs(second.cookie, id, { comments: 'Fix Tuesday' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const sheet = await db.timesheets.get(id)
    expect(sheet.status).toBe('rejected')
    expect(sheet.commentHistory.filter((c) => c.status === 'rejected')).toHaveLength(1)
    const stored = await db.aggregates.stored()
    expect(await db.aggregates.rebuild()).toEqual(stored)
    // A sent-back week is not pending: the status PATCH still refuses it as before.
    const decide = await callRoute(updateStatus, {
      cookies: [cookie],
      params: { id: String(id) },
      body: { status: 'approved' },
    })
    expect(decide.status).toBe(409)
  })
})
