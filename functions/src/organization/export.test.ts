import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, ExportStarted, ExportStatus, localDateTime, TimesheetDays } from '@app/core'
import { dataExports, orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decideThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { exportJob } from '../jobs/export-organization.ts'
import { unzip } from '../workflows/zip.ts'
import updateApprovals from './update-approvals.ts'
import getExport from './get-export.ts'
import startExport from './start-export.ts'
import sendBack from '../timesheets/send-back.ts'

/**
 * Export everything: a supervisor asks, the job makes one zip of the organization's
 * data; it holds every timesheet and member of the organization and nothing of another.
 */
type Org = Awaited<ReturnType<typeof newOrganization>>
let a: Org
let b: Org
let staffA: Awaited<ReturnType<typeof newStaffMember>>
let staffB: Awaited<ReturnType<typeof newStaffMember>>

const sheets = async (
  org: Org,
  employee: { id: string; firstName: string; lastName: string },
  count: number,
  tag: string,
) => {
  const db = orgDb(org.organization.id)
  const week = currentWeekStart('America/Chicago', 'monday')
  for (let i = 1; i <= count; i++) {
    const sheet = await db.timesheets.getOrCreate(employee, addDays(week, -7 * i))
    const saved = await db.timesheets.saveDays(
      sheet.id,
      employee,
      TimesheetDays.parse({
        mondayStart: '09:00',
        mondayEnd: '12:00',
        mondayActivity: `${tag} visit ${i}`,
        sundaySpans: [
          { start: '08:00', end: '12:00' },
          { start: '18:00', end: '21:00' },
        ],
      }),
    )
    if (i % 3 === 0) continue // a draft
    const submitted = await db.timesheets.submit(saved.id, employee)
    if (i % 3 !== 1) continue
    // Approved as the product does it, so the approval stores its payroll figures.
    const approved = await decideThroughRoute(org.cookie, submitted.id, 'approved', `${tag} thanks`)
    if (approved.status !== 200) throw new Error(approved.text)
  }
}

beforeAll(async () => {
  process.env.TIMESHEET_WEEKS_BACK = '2000'
  ;[a, b] = await Promise.all([newOrganization('Alpha Export Church'), newOrganization('Beta Export Church')])
  ;[staffA, staffB] = await Promise.all([newStaffMember(a.cookie), newStaffMember(b.cookie)])
  await Promise.all([sheets(a, staffA.user, 7, 'Alpha'), sheets(b, staffB.user, 4, 'Beta')])
}, 60_000)

describe('export everything', () => {
  it('makes one zip with every timesheet and member of the organization and nothing of another', async () => {
    const started = await callRoute(startExport, { cookies: [a.cookie] })
    expect(started.status, started.text).toBe(200)
    const { id } = ExportStarted.parse(started.json)
    const before = ExportStatus.parse((await callRoute(getExport, { cookies: [a.cookie], params: { id } })).json)
    expect(before).toEqual({ status: 'running', progress: 0, url: null })
    expect((await dataExports.running()).some((r) => r.id === id)).toBe(true)

    const run = await exportJob([a.organization.id])
    expect(run.made).toBeGreaterThanOrEqual(1)
    const done = ExportStatus.parse((await callRoute(getExport, { cookies: [a.cookie], params: { id } })).json)
    expect(done.status).toBe('done')
    expect(done.progress).toBe(100)
    expect(done.url).toMatch(/^http/)
    expect((await dataExports.running()).some((r) => r.id === id)).toBe(false)

    const res = await fetch(done.url!)
    expect(res.status).toBe(200)
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    expect([...files.keys()].sort()).toEqual(
      [
        'audit-trail.csv',
        'audit-trail.json',
        'decisions.csv',
        'decisions.json',
        'members.csv',
        'members.json',
        'organization.csv',
        'organization.json',
        'pay-periods.csv',
        'pay-periods.json',
        'payroll-figures.csv',
        'payroll-figures.json',
        'timesheets.csv',
        'timesheets.json',
      ].sort(),
    )
    const text = (name: string) => files.get(name)!.toString('utf8')

    // Every timesheet of A (drafts too), each with its history.
    const stored = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(a.organization.id), ':s': keys.timesheetsPrefix },
    })
    const exported = JSON.parse(text('timesheets.json')) as { id: number; status: string; history: unknown[] }[]
    expect(exported.map((t) => t.id).sort()).toEqual(stored.map((t) => Number(t.id)).sort())
    expect(exported.filter((t) => t.status === 'draft').length).toBeGreaterThan(0)
    expect(exported.find((t) => t.status === 'approved')!.history.length).toBeGreaterThanOrEqual(3)
    expect(text('timesheets.csv').split('\r\n').filter(Boolean)).toHaveLength(stored.length + 1)
    // A split day's spans, in both forms.
    expect(exported[0]).toMatchObject({
      sundayStart: '08:00',
      sundayEnd: '21:00',
      mondaySpans: [{ start: '09:00', end: '12:00' }],
    })
    expect(text('timesheets.csv')).toContain(',08:00,21:00,"08:00-12:00, 18:00-21:00",')

    // Every member, without credentials.
    const members = JSON.parse(text('members.json')) as Record<string, unknown>[]
    expect(members.map((m) => m.id).sort()).toEqual([a.supervisor.id, staffA.user.id].sort())
    for (const m of members) expect(Object.keys(m)).not.toEqual(expect.arrayContaining(['username']))
    expect(text('members.json')).not.toContain(staffA.credentials.username)
    expect(text('members.json')).not.toContain(staffA.credentials.password)

    expect(JSON.parse(text('decisions.json')).length).toBe(3)
    expect(JSON.parse(text('payroll-figures.json')).length).toBe(3)
    expect(JSON.parse(text('organization.json')).name).toBe(a.organization.name)
    // Every part in CSV as well as JSON: the settings a row each, the pay periods a row each.
    expect(text('organization.csv')).toContain(`name,${a.organization.name}`)
    expect(text('organization.csv')).not.toMatch(/stripe/i)
    expect(text('pay-periods.csv').split('\r\n').filter(Boolean).length).toBe(
      JSON.parse(text('pay-periods.json')).length + 1,
    )
    expect(text('audit-trail.json')).toContain('organization.exported')

    // Nothing of B, in any file.
    for (const [name, data] of files) {
      for (const secret of [
        b.organization.id,
        b.supervisor.id,
        staffB.user.id,
        'Beta visit',
        'Beta thanks',
        b.organization.name,
      ]) {
        expect(data.toString('utf8'), `${name} holds ${secret}`).not.toContain(secret)
      }
    }

    // The supervisor is emailed; a second run of the job makes nothing again.
    const mail = await inbox(a.supervisor.email!)
    expect(mail.some((m) => m.subject === `Your export of ${a.organization.name} is ready`)).toBe(true)
    await exportJob([a.organization.id])
    expect((await dataExports.running()).some((r) => r.id === id)).toBe(false)
    expect(await orgDb(a.organization.id).exports.claim(id)).toBe(false)
  }, 60_000)

  it("writes times in the organization's zone, names the zip as the organization is named now, and lists both steps of a two-step approval and a send-back", async () => {
    const g = await newOrganization('Eta Export Church')
    const orgId = g.organization.id
    const final = await newStaffMember(g.cookie, 'supervisor')
    const staff = await newStaffMember(g.cookie)
    const on = await callRoute(updateApprovals, {
      cookies: [g.cookie],
      body: { twoStep: true, finalApproverIds: [final.user.id] },
    })
    expect(on.status, on.text).toBe(200)
    const sheet = await orgDb(orgId).timesheets.getOrCreate(staff.user, currentWeekStart('America/Chicago', 'monday'))
    await orgDb(orgId).timesheets.saveDays(
      sheet.id,
      staff.user,
      TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '12:00' }),
    )
    await orgDb(orgId).timesheets.submit(sheet.id, staff.user)
    const decide = (cookie: string, comments: string) => decideThroughRoute(cookie, sheet.id, 'approved', comments)
    expect((await decide(g.cookie, '')).json.status).toBe('pending')
    expect((await decide(final.cookie, 'All good')).json.status).toBe('approved')
    const back = await callRoute(sendBack, {
      cookies: [final.cookie],
      params: { id: String(sheet.id) },
      body: { comments: 'Monday ended at noon' },
    })
    expect(back.json.status, back.text).toBe('rejected')
    // Renamed since it signed up: its slug keeps the first name.
    await table.update(keys.organization(orgId), {
      UpdateExpression: 'SET #n = :n',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: { ':n': 'Theta Renamed Parish' },
    })

    const { id } = ExportStarted.parse((await callRoute(startExport, { cookies: [g.cookie] })).json)
    expect((await exportJob([orgId])).made).toBe(1)
    const done = ExportStatus.parse((await callRoute(getExport, { cookies: [g.cookie], params: { id } })).json)
    const res = await fetch(done.url!)
    const started = (await orgDb(orgId).exports.auditTrail()).find((e) => e.action === 'organization.exported')!
    expect(res.headers.get('content-disposition')).toContain(
      `theta-renamed-parish-export-${localDateTime(started.at, 'America/Chicago').slice(0, 10)}.zip`,
    )
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    const rows = (name: string) => files.get(name)!.toString('utf8').split('\r\n').filter(Boolean)

    // Times as the organization's other CSVs write them: local, the zone in the column's title.
    const supervisor = await orgDb(orgId).users.get(g.supervisor.id)
    expect(rows('members.csv')[0]).toContain('Created at (America/Chicago)')
    expect(files.get('members.csv')!.toString('utf8')).toContain(
      `,${localDateTime(supervisor.createdAt, 'America/Chicago')}`,
    )
    expect(rows('timesheets.csv')[0]).toContain('Submitted at (America/Chicago)')
    expect(rows('audit-trail.csv')[0]).toMatch(/^\uFEFF?At \(America\/Chicago\),/)
    for (const name of ['members.csv', 'timesheets.csv', 'audit-trail.csv', 'decisions.csv', 'organization.csv'])
      expect(files.get(name)!.toString('utf8'), name).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^,]*Z/)
    // The JSON keeps exact instants.
    expect(JSON.parse(files.get('members.json')!.toString('utf8'))[0].createdAt).toMatch(/Z$/)

    // Both steps of the approval, first and final, by whom and about whose week.
    const decisions = JSON.parse(files.get('decisions.json')!.toString('utf8')) as Record<string, unknown>[]
    expect(decisions).toEqual([
      expect.objectContaining({
        timesheetId: sheet.id,
        employee: 'Ana Silva',
        weekStartDate: sheet.weekStartDate,
        decision: 'approved',
        step: 'first',
        byId: g.supervisor.id,
        by: 'Sam Eta',
      }),
      expect.objectContaining({
        timesheetId: sheet.id,
        decision: 'approved',
        step: 'final',
        byId: final.user.id,
        comments: 'All good',
      }),
      expect.objectContaining({
        timesheetId: sheet.id,
        decision: 'rejected',
        step: 'sentBack',
        byId: final.user.id,
        comments: 'Monday ended at noon',
      }),
    ])
    const csv = rows('decisions.csv')
    expect(csv[0]).toContain('at (America/Chicago)')
    expect(csv.slice(1).map((r) => /,(first|final|sentBack),/.test(r))).toEqual([true, true, true])
  }, 60_000)

  it('makes one export at a time: a second start while one runs is a 409 naming it, and writes nothing', async () => {
    const c = await newOrganization('Gamma Export Church')
    const db = orgDb(c.organization.id)
    const first = await callRoute(startExport, { cookies: [c.cookie] })
    expect(first.status, first.text).toBe(200)
    const { id } = ExportStarted.parse(first.json)
    const trail = (await db.exports.auditTrail()).length

    const again = await callRoute(startExport, { cookies: [c.cookie] })
    expect(again.status, again.text).toBe(409)
    expect(again.json).toEqual({
      message: 'An export of this organization is already being made',
      key: 'exportRunning',
      id,
    })
    expect((await dataExports.running()).filter((r) => r.orgId === c.organization.id)).toEqual([
      { orgId: c.organization.id, id },
    ])
    expect((await db.exports.auditTrail()).length).toBe(trail)
    // Another organization's export is not held up by it.
    const elsewhere = await callRoute(startExport, { cookies: [b.cookie] })
    expect(elsewhere.status, elsewhere.text).toBe(200)

    // Made, the organization may ask again.
    expect((await exportJob([c.organization.id, b.organization.id])).made).toBe(2)
    expect((await callRoute(startExport, { cookies: [c.cookie] })).status).toBe(200)
    expect((await exportJob([c.organization.id])).made).toBe(1)
  }, 60_000)

  it('starts again after a run that died holding the organization (its export no longer running)', async () => {
    const d = await newOrganization('Delta Export Church')
    const { id } = ExportStarted.parse((await callRoute(startExport, { cookies: [d.cookie] })).json)
    // The export ended, but the run died before it freed the organization.
    await table.update(keys.dataExport(d.organization.id, id), {
      UpdateExpression: 'SET #s = :failed REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed' },
    })
    const next = await callRoute(startExport, { cookies: [d.cookie] })
    expect(next.status, next.text).toBe(200)
    expect(ExportStarted.parse(next.json).id).not.toBe(id)
    expect((await callRoute(startExport, { cookies: [d.cookie] })).status).toBe(409)
    await exportJob([d.organization.id])
  }, 60_000)

  it("takes organizations in turn: one organization's queued exports do not hold up another's", async () => {
    const e = await newOrganization('Epsilon Export Church')
    const f = await newOrganization('Zeta Export Church')
    // Exports queued before one-at-a-time (E's three, oldest), then F's one.
    const queue = async (orgId: string, createdBy: string, n: number) => {
      const id = `00000000-0000-4000-8000-00000000000${n}`
      const createdAt = new Date(Date.UTC(2001, 0, 1, 0, n)).toISOString()
      await table.put({
        ...keys.dataExport(orgId, id),
        id,
        orgId,
        status: 'running',
        progress: 0,
        createdAt,
        createdBy,
        gsi1pk: keys.exportsRunning,
        gsi1sk: `${createdAt}#${orgId}#${id}`,
      })
      return id
    }
    const eIds = [
      await queue(e.organization.id, e.supervisor.id, 1),
      await queue(e.organization.id, e.supervisor.id, 2),
    ]
    eIds.push(await queue(e.organization.id, e.supervisor.id, 3))
    const fId = await queue(f.organization.id, f.supervisor.id, 4)
    expect((await exportJob([e.organization.id, f.organization.id])).made).toBe(4)
    const finished = async (orgId: string, id: string) =>
      String((await table.get(keys.dataExport(orgId, id)))!.finishedAt)
    const fAt = await finished(f.organization.id, fId)
    expect(fAt > (await finished(e.organization.id, eIds[0]!))).toBe(true)
    expect(fAt < (await finished(e.organization.id, eIds[1]!))).toBe(true)
  }, 60_000)

  it("is for supervisors, and another organization's export is not found", async () => {
    expect((await callRoute(startExport, { cookies: [staffA.cookie] })).status).toBe(403)
    const { id } = ExportStarted.parse((await callRoute(startExport, { cookies: [a.cookie] })).json)
    const other = await callRoute(getExport, { cookies: [b.cookie], params: { id } })
    expect(other.status).toBe(404)
    expect((await callRoute(getExport, { cookies: [a.cookie], params: { id: 'nope' } })).status).toBe(400)
    await exportJob([a.organization.id])
  })
})
