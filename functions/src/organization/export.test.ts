import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, ExportStarted, ExportStatus, TimesheetDays } from '@app/core'
import { dataExports, orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { exportJob } from '../jobs/export-organization.ts'
import { unzip } from '../workflows/zip.ts'
import updateStatus from '../timesheets/update-status.ts'
import getExport from './get-export.ts'
import startExport from './start-export.ts'

/**
 * Export everything (issue 35): a supervisor asks, the job makes one zip of the organization's
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
    const approved = await callRoute(updateStatus, {
      cookies: [org.cookie],
      params: { id: String(submitted.id) },
      body: { status: 'approved', comments: `${tag} thanks` },
    })
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
    // Issue 34: a split day's spans, in both forms.
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

  it("is for supervisors, and another organization's export is not found", async () => {
    expect((await callRoute(startExport, { cookies: [staffA.cookie] })).status).toBe(403)
    const { id } = ExportStarted.parse((await callRoute(startExport, { cookies: [a.cookie] })).json)
    const other = await callRoute(getExport, { cookies: [b.cookie], params: { id } })
    expect(other.status).toBe(404)
    expect((await callRoute(getExport, { cookies: [a.cookie], params: { id: 'nope' } })).status).toBe(400)
    await exportJob([a.organization.id])
  })
})
