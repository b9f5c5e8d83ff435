import { beforeAll, describe, expect, it } from 'vitest'
import { auditActorLabel, AuditPage, TimesheetHistory, type AuditEntry } from '@app/core'
import { config } from '@app/adapters'
import { orgDb } from '@app/data'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import confirmDecision from '../email-decisions/confirm-decision.ts'
import addMember from '../members/add-member.ts'
import removeMember from '../members/remove-member.ts'
import resetPassword from '../members/reset-password.ts'
import staffLogin from '../staff/staff-login.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import getHistory from '../timesheets/get-history.ts'
import submitTimesheet from '../timesheets/submit-timesheet.ts'
import updateDraft from '../timesheets/update-draft.ts'
import updateStatus from '../timesheets/update-status.ts'
import { createDecisionLink } from '../workflows/decision-links.ts'
import listAudit from './list-audit.ts'

/**
 * The scenario, through the routes: a supervisor changes the membership (PATCH
 * /api/employees does not exist yet, so a member is added, has their password reset and is
 * removed), a staff member saves twice and submits, the supervisor rejects, the member submits
 * again and the supervisor approves from the email link.
 */
let world: Awaited<ReturnType<typeof scenario>>

const scenario = async () => {
  const org = await newOrganization('Grace Church')
  const staff = await newStaffMember(org.cookie)
  const colleague = await newStaffMember(org.cookie, 'volunteer')
  const as = (cookie: string) => ({ cookies: [cookie] })

  const added = await callRoute(addMember, {
    ...as(org.cookie),
    body: {
      email: 'lee.moss@grace.example',
      firstName: 'Lee',
      lastName: 'Moss',
      department: 'Care',
      role: 'volunteer',
    },
  })
  expect(added.status, added.text).toBe(200)
  expect((await callRoute(resetPassword, { ...as(org.cookie), params: { id: added.json.id } })).status).toBe(200)
  expect((await callRoute(removeMember, { ...as(org.cookie), params: { id: added.json.id } })).status).toBe(204)

  const week = (await callRoute(getCurrentWeek, as(staff.cookie))).json
  const save = (body: object) => callRoute(updateDraft, { ...as(staff.cookie), params: { id: String(week.id) }, body })
  expect((await save({ mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' })).status).toBe(200)
  expect((await save({ mondayStart: '08:30', mondayEnd: '12:00', mondayActivity: 'Visits' })).status).toBe(200)
  const params = { id: String(week.id) }
  expect((await callRoute(submitTimesheet, { ...as(staff.cookie), params, body: {} })).status).toBe(200)
  const rejected = await callRoute(updateStatus, {
    ...as(org.cookie),
    params,
    body: { status: 'rejected', comments: 'Monday started at 09:00' },
  })
  expect(rejected.status, rejected.text).toBe(200)
  const pending = await callRoute(submitTimesheet, { ...as(staff.cookie), params, body: {} })
  expect(pending.status).toBe(200)
  const token = await createDecisionLink({
    orgId: org.organization.id,
    timesheetId: week.id,
    version: pending.json.version,
    decision: 'approved',
    supervisorId: org.supervisor.id,
  })
  const approved = await postLinkForm(confirmDecision, token)
  expect(approved.status, approved.text).toBe(200)
  return { ...org, staff, colleague, sheetId: week.id as number, removedId: added.json.id as string }
}

beforeAll(async () => {
  world = await scenario()
}, 60_000)

const steps = (entries: AuditEntry[]) => entries.map((e) => [e.action, auditActorLabel(e.actor)])

describe('GET /api/timesheets/{id}/history', () => {
  it('shows each step of the timesheet with its actor, oldest first, to its member and to the supervisors', async () => {
    const { staff, cookie, sheetId } = world
    const mine = await callRoute(getHistory, { cookies: [staff.cookie], params: { id: String(sheetId) } })
    expect(mine.status, mine.text).toBe(200)
    const history = TimesheetHistory.parse(mine.json)
    const sam = `Sam Grace`
    expect(steps(history)).toEqual([
      ['timesheet.created', 'Ana Silva'],
      ['timesheet.saved', 'Ana Silva'],
      ['timesheet.saved', 'Ana Silva'],
      ['timesheet.submitted', 'Ana Silva'],
      ['timesheet.rejected', sam],
      ['timesheet.submitted', 'Ana Silva'],
      ['timesheet.approved', `email link of ${sam}`],
    ])
    expect(history[2]!.changes).toEqual([{ field: 'mondayStart', before: '09:00', after: '08:30' }])
    expect(history[4]!.changes).toContainEqual({ field: 'comments', before: null, after: 'Monday started at 09:00' })
    expect(history[6]!.changes).toContainEqual({ field: 'status', before: 'pending', after: 'approved' })

    const supervisors = await callRoute(getHistory, { cookies: [cookie], params: { id: String(sheetId) } })
    expect(supervisors.json).toEqual(mine.json)
  })

  it('is not found for a colleague, another organization or an unknown timesheet; a bad id is a 400', async () => {
    const other = await newOrganization('Hope Chapel')
    const id = String(world.sheetId)
    for (const cookie of [world.colleague.cookie, other.cookie]) {
      const res = await callRoute(getHistory, { cookies: [cookie], params: { id } })
      expect(res.status, res.text).toBe(404)
      expect(res.json).toEqual({ message: 'Timesheet not found', key: 'timesheetNotFound' })
    }
    expect((await callRoute(getHistory, { cookies: [world.cookie], params: { id: '999999' } })).status).toBe(404)
    expect((await callRoute(getHistory, { cookies: [world.cookie], params: { id: 'abc' } })).status).toBe(400)
    expect((await callRoute(getHistory, { params: { id } })).status).toBe(401)
  })
})

describe('GET /api/audit', () => {
  const list = (query: Record<string, string> = {}, cookie = world.cookie) =>
    callRoute(listAudit, { cookies: [cookie], query })

  it("answers the organization's records newest first, the removed member under the name they had", async () => {
    const res = await list()
    expect(res.status, res.text).toBe(200)
    const { items } = AuditPage.parse(res.json)
    expect(items.map((e) => e.at)).toEqual(
      items
        .map((e) => e.at)
        .sort()
        .reverse(),
    )
    const membership = items.filter((e) => e.subject.type === 'member' && e.subject.id === world.removedId)
    expect(steps(membership)).toEqual([
      ['member.removed', 'Sam Grace'],
      ['member.passwordReset', 'Sam Grace'],
      ['member.added', 'Sam Grace'],
    ])
    expect(membership[0]!.subject).toMatchObject({ name: 'Lee Moss' })
    expect(membership[2]!.changes).toContainEqual({ field: 'role', before: null, after: 'volunteer' })
    expect(items.filter((e) => e.subject.type === 'timesheet')).toHaveLength(7)
    // The staff members' sign-ins, with where they came from.
    const signIns = items.filter((e) => e.action === 'signIn.succeeded')
    expect(signIns.map((e) => auditActorLabel(e.actor))).toEqual(['Ana Silva', 'Ana Silva'])
    expect(signIns[0]!.client).toEqual({ address: 'unknown', userAgent: '' })
  })

  it("names whose week a timesheet's records are about (the member as named now); records without it keep the number", async () => {
    const week = (await orgDb(world.organization.id).timesheets.get(world.sheetId)).weekStartDate
    const sheetRecords = AuditPage.parse((await list()).json).items.filter((e) => e.subject.type === 'timesheet')
    expect(sheetRecords.length).toBeGreaterThan(0)
    for (const e of sheetRecords)
      expect(e.subject).toEqual({
        type: 'timesheet',
        id: world.sheetId,
        employeeId: world.staff.user.id,
        weekStartDate: week,
        employeeName: 'Ana Silva',
      })
    // A record written before records said whose week: as it was stored, and the page still answers.
    await orgDb(world.organization.id).audit.record(world.supervisor, {
      action: 'timesheet.locked',
      subject: { type: 'timesheet', id: 999 },
    })
    const old = AuditPage.parse((await list({ action: 'timesheet.locked' })).json).items
    expect(old.map((e) => e.subject)).toEqual([{ type: 'timesheet', id: 999 }])
  })

  it('filters by member, action and time, and pages with a cursor', async () => {
    const byStaff = AuditPage.parse((await list({ actorId: world.staff.user.id })).json).items
    expect(byStaff.every((e) => 'userId' in e.actor && e.actor.userId === world.staff.user.id)).toBe(true)
    expect(byStaff.map((e) => e.action)).toContain('timesheet.saved')
    const saves = AuditPage.parse((await list({ action: 'timesheet.saved', limit: '1' })).json)
    expect(saves.items).toHaveLength(1)
    const next = AuditPage.parse((await list({ action: 'timesheet.saved', limit: '1', cursor: saves.cursor! })).json)
    expect(next.items[0]!.changes).toEqual([
      { field: 'mondayStart', before: '', after: '09:00' },
      { field: 'mondayEnd', before: '', after: '12:00' },
      { field: 'mondayActivity', before: '', after: 'Visits' },
    ])
    expect((await list({ from: '2000-01-01', to: '2000-01-31' })).json).toEqual({ items: [], cursor: null })
    const newest = AuditPage.parse((await list()).json).items[0]!
    expect(AuditPage.parse((await list({ from: newest.at })).json).items.map((e) => e.id)).toEqual([newest.id])
  })

  it('records a failed sign-in with the client, and refuses staff (403), bad filters (400) and foreign cursors', async () => {
    const wrong = await callRoute(staffLogin, {
      body: { username: world.staff.credentials.username, password: 'not-the-password' },
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    })
    expect(wrong.status).toBe(401)
    const failed = AuditPage.parse((await list({ action: 'signIn.failed' })).json).items
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({
      actor: { userId: world.staff.user.id, firstName: 'Ana', lastName: 'Silva' },
      client: { address: 'unknown', userAgent: 'Mozilla/5.0 (test)' },
    })

    expect((await list({}, world.staff.cookie)).status).toBe(403)
    const refused: Record<string, string>[] = [
      { action: 'timesheet.deleted' },
      { from: 'yesterday' },
      { limit: '0' },
      { cursor: 'x' },
    ]
    for (const query of refused) {
      const res = await list(query)
      expect(res.status, JSON.stringify(query)).toBe(400)
    }
    const other = await newOrganization('Hope Chapel')
    const page = AuditPage.parse((await list({ limit: '1' })).json)
    expect((await list({ cursor: page.cursor! }, other.cookie)).status).toBe(400)
    // A cursor of our own outside the dates asked is a bad request, not a 500.
    const outside = await list({ cursor: page.cursor!, from: '2000-01-01', to: '2000-01-31' })
    expect([outside.status, outside.json.message]).toEqual([400, 'Invalid page cursor'])
    expect((await list({ cursor: page.cursor!, to: '2000-01-31' })).status).toBe(400)
    expect((await list({ cursor: page.cursor!, from: '2999-01-01' })).status).toBe(400)
  })

  it('refuses its own cursor edited by hand, and one made before cursors were signed, with 400', async () => {
    const page = AuditPage.parse((await list({ limit: '1' })).json)
    expect(page.cursor).toMatch(/^[A-Za-z0-9_.-]+$/)
    const [key, ...signature] = page.cursor!.split('.')
    const stored = JSON.parse(Buffer.from(key!, 'base64url').toString('utf8')) as Record<string, string>
    // Well formed and inside the organization's own records: only its place in them is moved.
    const edited = Buffer.from(JSON.stringify({ ...stored, sk: '2000-01-01T00:00:00.000Z#x' })).toString('base64url')
    for (const cursor of [[edited, ...signature].join('.'), key!]) {
      const res = await list({ cursor, limit: '1' })
      expect([res.status, res.json.message], cursor).toEqual([400, 'Invalid page cursor'])
    }
    expect((await list({ cursor: page.cursor!, limit: '1' })).status).toBe(200)
  })

  it('no request through the API changes or deletes a record', async () => {
    const before = (await orgDb(world.organization.id).audit.list({ limit: 100 })).items
    const record = before[0]!
    const paths = ['/api/audit', `/api/audit/${record.id}`, `/api/timesheets/${world.sheetId}/history`]
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        // Over HTTP, as a browser of the signed-in supervisor would send it, to the local API.
        const res = await fetch(new URL(path, config.appOrigin), {
          method,
          headers: { cookie: world.cookie, origin: config.appOrigin, 'content-type': 'application/json' },
          body: JSON.stringify({ ...record, action: 'member.added', actor: { system: 'forged' } }),
        })
        expect(res.status, `${method} ${path}: ${await res.text()}`).toBeGreaterThanOrEqual(400)
      }
    }
    const after = (await orgDb(world.organization.id).audit.list({ limit: 100 })).items
    expect(after).toEqual(before)
  })
})
