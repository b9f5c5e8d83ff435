import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, todayIn } from '@app/core'
import { orgDb } from '@app/data'
import { confirmAddressOf, keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decideThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import {
  addMemberThroughRoute,
  newOrganization,
  signInAndChoose,
  signInThroughIdentityProvider,
} from '../../test/support/test-identity.ts'
import { confirmationsIn, inbox } from '../../test/support/test-inbox.ts'
import getStats from '../dashboard/get-stats.ts'
import listMembers from '../members/list-members.ts'
import updateMember from '../members/update-member.ts'
import getApprovals from '../organization/get-approvals.ts'
import updateApprovals from '../organization/update-approvals.ts'
import getSummary from '../payroll/get-summary.ts'
import clearAway from '../profile/clear-away.ts'
import setAway from '../profile/set-away.ts'
import staffLogin from '../staff/staff-login.ts'
import getUser from '../auth/get-user.ts'
import removeMember from '../members/remove-member.ts'
import listAudit from '../audit/list-audit.ts'
import createAdjustment from '../time-off/create-adjustment.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import getHistory from './get-history.ts'
import listPending from './list-pending.ts'
import bulkApprove from './bulk-approve.ts'
import { sessionOf } from '../../test/support/test-event.ts'

const ZONE = 'America/Chicago'
const week = (ago: number) => addDays(currentWeekStart(ZONE, 'monday'), -7 * ago)
const day = { mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Visits' }

interface Member {
  id: string
  email: string
  firstName: string
  lastName: string
  cookie: string
  supervisorId: string | null
}

/** Adds a member through the route (with `supervisorId` when given) and signs them in at Staff Login. */
const addAndSignIn = async (
  cookie: string,
  person: { firstName: string; lastName: string; role?: 'employee' | 'supervisor' },
  supervisorId?: string | null,
): Promise<Member> => {
  const { default: addMember } = await import('../members/add-member.ts')
  const email = `${person.firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@grace.example`
  const added = await callRoute(addMember, {
    cookies: [cookie],
    body: {
      email,
      department: 'Ministry',
      ...person,
      ...(supervisorId === undefined ? {} : { supervisorId }),
    },
  })
  expect(added.status, added.text).toBe(200)
  // Their owner confirmed the address, as by its link.
  await confirmAddressOf(added.json.organizationId, added.json.id)
  const login = await callRoute(staffLogin, { body: added.json.temporaryCredentials })
  return { ...added.json, email, cookie: sessionOf(login.cookies) }
}

const submit = async (member: Member, weeksAgo: number) => {
  const res = await submittedThroughRoute(member.cookie, { weekStartDate: week(weeksAgo), ...day })
  return res.json as { id: number; status: string }
}

/** Review emails about `member` each of `people` received. */
const reviewsAbout = async (member: Member, people: { email: string }[]) =>
  Promise.all(
    people.map(
      async (p) =>
        (await inbox(p.email)).filter((m) =>
          m.subject.startsWith(`Timesheet to review: ${member.firstName} ${member.lastName}`),
        ).length,
    ),
  )

const decide = (cookie: string, id: number, status: 'approved' | 'rejected', comments = '') =>
  decideThroughRoute(cookie, id, status, comments)

const approvedHoursOf = async (cookie: string, memberId: string) => {
  const res = await callRoute(getSummary, { cookies: [cookie], query: { from: week(6), to: addDays(week(0), 6) } })
  expect(res.status, res.text).toBe(200)
  const row = (res.json.members as { employeeId: string; regularHours: number }[]).find(
    (m) => m.employeeId === memberId,
  )
  return row?.regularHours ?? 0
}

/** Supervisors A, B and C; M1 approved by B, M2 by nobody (the "Done when"). */
const church = async () => {
  const org = await newOrganization()
  const a = { ...org.supervisor, email: org.supervisor.email!, cookie: org.cookie } as Member
  const b = await addAndSignIn(org.cookie, { firstName: 'Beth', lastName: 'Youth', role: 'supervisor' })
  const c = await addAndSignIn(org.cookie, { firstName: 'Carl', lastName: 'Worship', role: 'supervisor' })
  const m1 = await addAndSignIn(org.cookie, { firstName: 'Mia', lastName: 'One' }, b.id)
  const m2 = await addAndSignIn(org.cookie, { firstName: 'Max', lastName: 'Two' }, null)
  return { ...org, a, b, c, m1, m2 }
}

describe("each member's approver", () => {
  it('records a delegate deciding time off as deciding for the approver, and anyone else as themselves', async () => {
    const { a, b, c, m1 } = await church()
    const today = todayIn(ZONE)
    expect(
      (
        await callRoute(setAway, {
          cookies: [b.cookie],
          body: { from: today, to: addDays(today, 7), delegateId: c.id },
        })
      ).status,
    ).toBe(200)
    const grant = await callRoute(createAdjustment, {
      cookies: [a.cookie],
      body: { employeeId: m1.id, kind: 'sick', hours: 16, reason: 'Grant' },
    })
    expect(grant.status, grant.text).toBe(200)
    const ask = async (daysAhead: number) => {
      const day = addDays(today, daysAhead)
      const res = await callRoute(createTimeOff, { cookies: [m1.cookie], body: { kind: 'sick', from: day, to: day } })
      expect(res.status, res.text).toBe(200)
      return res.json.id as string
    }
    const [first, second] = [await ask(3), await ask(4)]
    const decide = async (cookie: string, id: string) => {
      const res = await callRoute(decideTimeOff, { cookies: [cookie], params: { id }, body: { status: 'approved' } })
      expect(res.status, res.text).toBe(200)
    }
    await decide(c.cookie, first)
    await decide(a.cookie, second)
    const audit = await callRoute(listAudit, { cookies: [a.cookie], query: { action: 'timeOff.approved' } })
    const actors = (audit.json.items as { actor: Record<string, unknown> }[]).map((i) => i.actor).reverse()
    expect(actors).toEqual([
      expect.objectContaining({ userId: c.id, onBehalfOf: { userId: b.id, firstName: 'Beth', lastName: 'Youth' } }),
      expect.not.objectContaining({ onBehalfOf: expect.anything() }),
    ])
    expect(actors[1]).toMatchObject({ userId: a.id })
  })

  it('routes, delegates and takes a second approval exactly as the issue says', async () => {
    const { a, b, c, m1, m2, organization } = await church()
    expect(b.supervisorId).toBe(a.id) // the adding supervisor is the default approver
    expect(m1.supervisorId).toBe(b.id)
    expect(m2.supervisorId).toBeNull()

    // M1's submission emails B only; M2's emails A, B and C.
    await submit(m1, 1)
    expect(await reviewsAbout(m1, [a, b, c])).toEqual([0, 1, 0])
    await submit(m2, 1)
    expect(await reviewsAbout(m2, [a, b, c])).toEqual([1, 1, 1])

    // B is away with C as delegate: M1's next submission emails C only; C approves "for B".
    const today = todayIn(ZONE)
    const away = await callRoute(setAway, {
      cookies: [b.cookie],
      body: { from: today, to: addDays(today, 7), delegateId: c.id },
    })
    expect(away.status, away.text).toBe(200)
    expect(away.json.away).toEqual({ from: today, to: addDays(today, 7), delegateId: c.id })
    expect((await callRoute(getUser, { cookies: [b.cookie] })).json.away).toMatchObject({ delegateId: c.id })
    const second = await submit(m1, 2)
    expect(await reviewsAbout(m1, [a, b, c])).toEqual([0, 1, 1])

    // Waiting for me: C (the delegate) and B (the approver) see it; A sees it only under Everyone.
    const pendingFor = async (cookie: string) =>
      ((await callRoute(listPending, { cookies: [cookie] })).json as { id: number; waitingForMe: boolean }[]).find(
        (t) => t.id === second.id,
      )?.waitingForMe
    expect([await pendingFor(a.cookie), await pendingFor(b.cookie), await pendingFor(c.cookie)]).toEqual([
      false,
      true,
      true,
    ])
    const stats = (await callRoute(getStats, { cookies: [a.cookie] })).json
    expect(stats).toMatchObject({ pending: 3, waitingForMe: 1 }) // M2's week waits for everyone

    const approved = await decide(c.cookie, second.id, 'approved', 'Covered for Beth')
    expect(approved.status, approved.text).toBe(200)
    expect(approved.json.status).toBe('approved')
    expect(approved.json.approvals).toEqual([{ approverId: c.id, onBehalfOfId: b.id, at: expect.any(String) }])
    expect(approved.json.commentHistory.at(-1)).toMatchObject({ byName: 'Carl Worship', onBehalfOfName: 'Beth Youth' })
    const history = await callRoute(getHistory, { cookies: [a.cookie], params: { id: String(second.id) } })
    expect(history.json.at(-1)).toMatchObject({
      action: 'timesheet.approved',
      actor: { userId: c.id, onBehalfOf: { userId: b.id, firstName: 'Beth', lastName: 'Youth' } },
    })
    expect((await callRoute(clearAway, { cookies: [b.cookie] })).json.away).toBeNull()

    // twoStep on, final approver A: B's approval leaves M1's week pending with one approval; A's approves it.
    const on = await callRoute(updateApprovals, {
      cookies: [a.cookie],
      body: { twoStep: true, finalApproverIds: [a.id] },
    })
    expect(on.status, on.text).toBe(200)
    expect((await callRoute(getApprovals, { cookies: [b.cookie] })).json).toEqual({
      twoStep: true,
      finalApproverIds: [a.id],
    })
    const third = await submit(m1, 3)
    const hoursBefore = await approvedHoursOf(a.cookie, m1.id)
    const first = await decide(b.cookie, third.id, 'approved')
    expect(first.status, first.text).toBe(200)
    expect(first.json).toMatchObject({ status: 'pending', approvals: [{ approverId: b.id, onBehalfOfId: null }] })
    expect(await approvedHoursOf(a.cookie, m1.id)).toBe(hoursBefore) // payroll counts only the final approval
    expect(await reviewsAbout(m1, [a])).toEqual([1]) // the final approver is asked after the first approval
    // A second first-step approval is not a final one.
    expect((await decide(c.cookie, third.id, 'approved')).status).toBe(409)
    const final = await decide(a.cookie, third.id, 'approved')
    expect(final.status, final.text).toBe(200)
    expect(final.json.status).toBe('approved')
    expect(final.json.approvals).toHaveLength(2)
    expect(await approvedHoursOf(a.cookie, m1.id)).toBe(hoursBefore + 8)

    // A supervisorId from another organization is refused with 400 and changes nothing.
    const other = await newOrganization('Other Church')
    const refused = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: m1.id },
      body: { supervisorId: other.supervisor.id },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.fields).toHaveProperty('supervisorId')
    expect((await orgDb(organization.id).users.get(m1.id)).supervisorId).toBe(b.id)
  })

  it('never lets the first approver give the final approval too; only a final approver changes the second approval', async () => {
    const { a, b, m1 } = await church()
    const setApprovals = (cookie: string, body: object) => callRoute(updateApprovals, { cookies: [cookie], body })
    expect((await setApprovals(a.cookie, { twoStep: true, finalApproverIds: [a.id] })).status).toBe(200)
    const sheet = await submit(m1, 1)
    const first = await decide(b.cookie, sheet.id, 'approved')
    expect(first.json).toMatchObject({ status: 'pending', approvals: [{ approverId: b.id }] })

    // B may neither name themself final nor turn the second approval off: 403, nothing changes.
    for (const body of [
      { twoStep: true, finalApproverIds: [a.id, b.id] },
      { twoStep: false, finalApproverIds: [] },
    ]) {
      const refused = await setApprovals(b.cookie, body)
      expect(refused.status).toBe(403)
      expect(refused.json).toEqual({
        message: 'Only a final approver can change the second approval',
        key: 'approvalsLocked',
      })
    }
    expect((await callRoute(getApprovals, { cookies: [a.cookie] })).json).toEqual({
      twoStep: true,
      finalApproverIds: [a.id],
    })

    // A final approver names B final too (recorded); B's second approval of the same week is still refused.
    expect((await setApprovals(a.cookie, { twoStep: true, finalApproverIds: [a.id, b.id] })).status).toBe(200)
    const audit = await callRoute(listAudit, { cookies: [a.cookie], query: { action: 'settings.changed' } })
    expect(audit.json.items[0]).toMatchObject({
      actor: { userId: a.id },
      changes: [{ field: 'finalApproverIds', before: a.id, after: `${a.id}, ${b.id}` }],
    })
    const again = await decide(b.cookie, sheet.id, 'approved')
    expect(again.status).toBe(409)
    expect(again.json).toEqual({
      message: 'You already approved this timesheet; another supervisor must give the final approval',
      key: 'repeatApproval',
    })
    const bulk = await callRoute(bulkApprove, { cookies: [b.cookie], body: { ids: [sheet.id] } })
    expect(bulk.json).toEqual({
      approved: [],
      firstApprovals: [],
      failed: [{ id: sheet.id, status: 409, message: expect.stringContaining('You already approved') }],
    })
    const history = await callRoute(getHistory, { cookies: [a.cookie], params: { id: String(sheet.id) } })
    expect(history.json.map((r: { action: string }) => r.action)).toEqual([
      'timesheet.created',
      'timesheet.submitted',
      'timesheet.firstApproval',
    ])
    // B, now a final approver, may change the settings; A's approval finishes the week.
    expect((await setApprovals(b.cookie, { twoStep: true, finalApproverIds: [a.id, b.id] })).status).toBe(200)
    const final = await decide(a.cookie, sheet.id, 'approved')
    expect(final.json).toMatchObject({ status: 'approved', approvals: [{ approverId: b.id }, { approverId: a.id }] })
  })

  it('a member with an approver submits to nobody else; nobody is asked about their own week', async () => {
    const { a, b, c, organization } = await church()
    // B's own week goes to B's approver (A, who added B), never to B.
    await submit(b, 1)
    expect(await reviewsAbout(b, [a, b, c])).toEqual([1, 0, 0])
    // A has no approver: A's week goes to the other supervisors.
    const aMember = { ...a, firstName: 'Sam', lastName: 'Grace' }
    await submit(aMember, 1)
    expect(await reviewsAbout(aMember, [a, b, c])).toEqual([0, 1, 1])
    expect((await orgDb(organization.id).users.get(a.id)).supervisorId).toBeNull()
  })

  it('removing a supervisor, or making them staff, leaves their members with no approver at once', async () => {
    const { a, b, c, m1, organization } = await church()
    const db = orgDb(organization.id)
    const made = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: m1.id },
      body: { supervisorId: c.id },
    })
    expect(made.json.supervisorId).toBe(c.id)
    const demoted = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: c.id },
      body: { role: 'employee' },
    })
    expect(demoted.status, demoted.text).toBe(200)
    expect((await db.users.get(m1.id)).supervisorId).toBeNull()

    await callRoute(updateMember, { cookies: [a.cookie], params: { id: m1.id }, body: { supervisorId: b.id } })
    const removed = await callRoute(removeMember, { cookies: [a.cookie], params: { id: b.id } })
    expect(removed.status, removed.text).toBe(204)
    expect((await db.users.get(m1.id)).supervisorId).toBeNull()
    const listed = (await callRoute(listMembers, { cookies: [a.cookie] })).json as {
      id: string
      supervisorId: string | null
    }[]
    expect(listed.find((m) => m.id === m1.id)?.supervisorId).toBeNull()
    // The directory (routing, lists) agrees with the members.
    const { directory } = await db.aggregates.summary()
    expect(directory.get(m1.id)?.supervisorId).toBeNull()
  })

  it('clears the approver of more than 100 members of one supervisor removed or made staff (past a transaction), read as null at once', async () => {
    const { a, b, c, m1, organization } = await church()
    const db = orgDb(organization.id)
    const by = await db.users.get(a.id)
    /** `count` members added (in the data layer, past the plan's limit) naming `approverId`. */
    const team = async (approverId: string, count: number) => {
      const ids: string[] = []
      for (let i = 0; i < count; i += 15)
        ids.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(15, count - i) }, async (_, j) => {
              const n = i + j
              const member = { firstName: `Team${n}`, lastName: approverId.slice(0, 4), department: 'Youth' }
              const email = `t${n}-${randomUUID().slice(0, 8)}@grace.example`
              const user = await db.members.add(
                { ...member, email, role: 'employee', supervisorId: approverId },
                `t${n}-${randomUUID().slice(0, 8)}`,
                null,
                by,
              )
              return user.id
            }),
          )),
        )
      return ids
    }
    const stored = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => (await table.get(keys.user(organization.id, id)))?.supervisorId ?? null))
    const answered = async () =>
      new Map(
        (
          (await callRoute(listMembers, { cookies: [a.cookie] })).json as { id: string; supervisorId: string | null }[]
        ).map((m) => [m.id, m.supervisorId]),
      )

    // 105 members of B: removing B clears all of them (and M1), with a record each.
    const ofB = [...(await team(b.id, 105)), m1.id]
    expect(await stored(ofB)).toEqual(ofB.map(() => b.id))
    const removed = await callRoute(removeMember, { cookies: [a.cookie], params: { id: b.id } })
    expect(removed.status, removed.text).toBe(204)
    expect(await stored(ofB)).toEqual(ofB.map(() => null))
    const listed = await answered()
    expect(ofB.map((id) => listed.get(id))).toEqual(ofB.map(() => null))
    const { directory } = await db.aggregates.summary()
    expect(ofB.map((id) => directory.get(id)?.supervisorId)).toEqual(ofB.map(() => null))
    const raw = (await db.aggregates.stored()).directory
    expect(ofB.map((id) => raw[id]?.supervisorId)).toEqual(ofB.map(() => null))
    const records = []
    let cursor: string | undefined
    do {
      const page = await db.audit.list({ action: 'member.edited', limit: 100, cursor })
      records.push(...page.items)
      cursor = page.cursor ?? undefined
    } while (cursor)
    const cleared = records.filter((r) =>
      r.changes?.some((ch) => ch.field === 'supervisorId' && ch.before === b.id && ch.after === null),
    )
    expect(cleared).toHaveLength(ofB.length)

    // 101 members of C: making C staff clears them too.
    const ofC = await team(c.id, 101)
    const demoted = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: c.id },
      body: { role: 'employee' },
    })
    expect(demoted.status, demoted.text).toBe(200)
    expect(await stored(ofC)).toEqual(ofC.map(() => null))

    // What a crash between the change and the clean-up would leave is read as null everywhere...
    await table.update(keys.user(organization.id, ofC[0]!), {
      UpdateExpression: 'SET supervisorId = :c',
      ExpressionAttributeValues: { ':c': c.id },
    })
    expect((await db.users.get(ofC[0]!)).supervisorId).toBeNull()
    expect((await answered()).get(ofC[0]!)).toBeNull()
    expect((await db.aggregates.summary()).directory.get(ofC[0]!)?.supervisorId).toBeNull()
    // ...and C made supervisor again does not become that member's approver once more.
    const promoted = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: c.id },
      body: { role: 'supervisor' },
    })
    expect(promoted.status, promoted.text).toBe(200)
    expect(await stored([ofC[0]!])).toEqual([null])
    expect((await answered()).get(ofC[0]!)).toBeNull()
  }, 120_000)

  it('refuses a bad approver, delegate or final approver with 400 naming the field, changing nothing', async () => {
    const { a, b, m1, m2 } = await church()
    const staffApprover = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: m1.id },
      body: { supervisorId: m2.id },
    })
    expect(staffApprover.status).toBe(400)
    expect(staffApprover.json.fields).toHaveProperty('supervisorId')
    const self = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: b.id },
      body: { supervisorId: b.id },
    })
    expect(self.status).toBe(400)
    const number = await callRoute(updateMember, {
      cookies: [a.cookie],
      params: { id: m1.id },
      body: { supervisorId: 7 },
    })
    expect(number.status).toBe(400)
    expect(number.json.fields).toHaveProperty('supervisorId')

    const { default: addMember } = await import('../members/add-member.ts')
    const before = (await callRoute(listMembers, { cookies: [a.cookie] })).json.length
    const addedWithStaff = await callRoute(addMember, {
      cookies: [a.cookie],
      body: { email: 'zed@grace.example', firstName: 'Zed', lastName: 'Z', department: 'Youth', supervisorId: m2.id },
    })
    expect(addedWithStaff.status).toBe(400)
    expect(addedWithStaff.json.fields).toHaveProperty('supervisorId')
    expect((await callRoute(listMembers, { cookies: [a.cookie] })).json).toHaveLength(before)

    const today = todayIn(ZONE)
    const toStaff = await callRoute(setAway, {
      cookies: [b.cookie],
      body: { from: today, to: today, delegateId: m2.id },
    })
    expect(toStaff.status).toBe(400)
    expect(toStaff.json.fields).toHaveProperty('delegateId')
    const backwards = await callRoute(setAway, {
      cookies: [b.cookie],
      body: { from: today, to: addDays(today, -1), delegateId: a.id },
    })
    expect(backwards.status).toBe(400)
    expect(backwards.json.fields).toHaveProperty('to')
    expect(
      (await callRoute(setAway, { cookies: [m1.cookie], body: { from: today, to: today, delegateId: a.id } })).status,
    ).toBe(403)

    const notSupervisor = await callRoute(updateApprovals, {
      cookies: [a.cookie],
      body: { twoStep: true, finalApproverIds: [m1.id] },
    })
    expect(notSupervisor.status).toBe(400)
    expect(notSupervisor.json.fields).toHaveProperty('finalApproverIds')
    expect(
      (await callRoute(updateApprovals, { cookies: [a.cookie], body: { twoStep: true, finalApproverIds: [] } })).status,
    ).toBe(400)
    expect((await callRoute(getApprovals, { cookies: [a.cookie] })).json).toEqual({
      twoStep: false,
      finalApproverIds: [],
    })
    expect((await callRoute(getApprovals, { cookies: [m1.cookie] })).status).toBe(403)
  })
})

describe('a co-supervisor joins the same church', () => {
  /** A new church whose supervisor adds this person as a supervisor, with an email address of their own. */
  const churchInviting = async (firstName: string, lastName: string) => {
    const org = await newOrganization()
    const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@grace.example`
    const person = { email, firstName, lastName }
    const added = await addMemberThroughRoute(org.cookie, { ...person, department: 'Admin', role: 'supervisor' })
    return { org, email, person, added }
  }

  it("an invited supervisor's first Supervisor Login with the provider's verified email confirms the address", async () => {
    const { org, email, person, added } = await churchInviting('Kai', 'Ono')
    expect(added.json.emailConfirmed).toBe(false)
    const signedIn = await signInAndChoose(person, { choice: 'join', organizationId: org.organization.id })
    const me = await callRoute(getUser, { cookies: [sessionOf(signedIn.cookies)] })
    expect(me.json).toMatchObject({ id: added.json.id, emailConfirmed: true })
    // A new organization's first supervisor is confirmed from the start.
    const own = await signInThroughIdentityProvider({ email: `new-${email}`, firstName: 'Ida', lastName: 'Lund' })
    expect((await callRoute(getUser, { cookies: [sessionOf(own.cookies)] })).json.emailConfirmed).toBe(true)
  })

  it('invites a supervisor added with an email; their first Supervisor Login with it may join the inviting organization', async () => {
    const { org, email, person, added } = await churchInviting('Pat', 'Cole')
    expect(added.status, added.text).toBe(200)
    // The invitation waits for the address's confirmation (email-confirmations/confirmations.test.ts).
    expect(await inbox(email)).toEqual([])
    const [confirmation] = await confirmationsIn(email)
    const token = /\/api\/email-confirmations\/(\S+)/.exec(confirmation!.body.text!)![1]!
    const { default: confirmAddress } = await import('../email-confirmations/confirm-address.ts')
    await callRoute(confirmAddress, {
      params: { token },
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const [invitation] = await inbox(email)
    expect(invitation!.subject).toBe("Sam Grace added you as a supervisor at Sam Grace's Organization")
    expect(invitation!.body.text).toContain('open Supervisor Login and sign in with this email address')
    expect(invitation!.body.text).toContain('/api/login')

    const signedIn = await signInAndChoose(person, { choice: 'join', organizationId: org.organization.id })
    expect(signedIn.status).toBe(200)
    const me = await callRoute(getUser, { cookies: [sessionOf(signedIn.cookies)] })
    expect(me.json).toMatchObject({ id: added.json.id, organizationId: org.organization.id, role: 'supervisor' })
    // The same person later gets the same member, and a staff member's email invites nobody.
    const again = await signInThroughIdentityProvider(person)
    expect((await callRoute(getUser, { cookies: [sessionOf(again.cookies)] })).json.id).toBe(added.json.id)
    const staffEmail = `kim-${Math.random().toString(36).slice(2, 8)}@grace.example`
    await addMemberThroughRoute(org.cookie, {
      email: staffEmail,
      firstName: 'Kim',
      lastName: 'Lee',
      department: 'Admin',
    })
    expect(await inbox(staffEmail)).toHaveLength(0)
    const stranger = await signInThroughIdentityProvider({ email: staffEmail, firstName: 'Kim', lastName: 'Lee' })
    const own = (await callRoute(getUser, { cookies: [sessionOf(stranger.cookies)] })).json
    expect(own.organizationId).not.toBe(org.organization.id)
  })
})
