import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { config } from '@app/adapters'
import { orgDb, outbox } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { decideThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import getStats from '../dashboard/get-stats.ts'
import { retryDueEmails } from '../workflows/mailer.ts'
import createTimesheet from './create-timesheet.ts'
import downloadCsv from './download-csv.ts'
import listPending from './list-pending.ts'
import submitTimesheet from './submit-timesheet.ts'
import updateDraft from './update-draft.ts'
import updateStatus from './update-status.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

const submitted = async (
  weeksAgo = 0,
  days: Record<string, string> = { mondayStart: '09:00', mondayEnd: '17:30', mondayActivity: 'Visits' },
) => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  const res = await callRoute(createTimesheet, {
    cookies: [staff.cookie],
    body: { weekStartDate: addDays(thisWeek(), -7 * weeksAgo), ...days },
  })
  return { ...org, staff, sheet: res.json as { id: number; weekStartDate: string } }
}
const decide = decideThroughRoute
/** The approved timesheet's CSV link, through download-csv (its redirect). */
const csvLink = async (cookie: string, id: number) => {
  const res = await callRoute(downloadCsv, { cookies: [cookie], params: { id: String(id) } })
  expect(res.status).toBe(302)
  return res.headers.location as string
}

describe('PATCH /api/timesheets/{id}/status', () => {
  it('approves, records who and when, and the CSV is made on its first download as a working 15-minute link', async () => {
    const { cookie, supervisor, sheet } = await submitted()
    const res = await decide(cookie, sheet.id, 'approved', 'Thank you')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'approved', approvedBy: supervisor.id, comments: 'Thank you' })
    expect(res.json.approvedAt).toBeTruthy()
    // Approving writes no file (one transaction); download-csv makes it the first time.
    // The answer's csvDownloadUrl (spec section 7) is that route, so opening it yields the CSV.
    const link = new URL(res.json.csvDownloadUrl)
    expect(link.origin).toBe(config.appOrigin)
    expect(link.pathname).toBe(`/api/timesheets/${sheet.id}/download-csv`)
    const url = new URL(await csvLink(cookie, sheet.id))
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900')

    const download = await fetch(url)
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="timesheet-Ana-Silva-${sheet.weekStartDate}.csv"; filename*=UTF-8''timesheet-Ana-Silva-${sheet.weekStartDate}.csv`,
    )
    const bytes = Buffer.from(await download.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // UTF-8 byte-order mark, for Excel
    const csv = bytes.toString('utf8')
    expect(csv).toContain('Employee,Ana Silva')
    expect(csv).toContain('Monday,09:00,17:30,,0,8.50,Visits')
    expect(csv).toContain('Total,,,,,0,8.50,')
    expect(csv).toMatch(/Approved At \(America\/Chicago\),\d{4}-\d{2}-\d{2} \d{2}:\d{2}\r\n/)

    const tampered = new URL(url)
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64))
    expect((await fetch(tampered)).status).toBe(403)
  })

  it('rejects with a comment, keeps it in the history, and emails the employee through SES', async () => {
    const { cookie, staff, sheet, organization } = await submitted()
    const res = await decide(cookie, sheet.id, 'rejected', 'Please add Friday')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'rejected', comments: 'Please add Friday', approvedBy: null })
    expect(res.json.commentHistory).toEqual([
      expect.objectContaining({ status: 'rejected', comment: 'Please add Friday', byName: 'Sam Grace' }),
    ])
    const member = await orgDb(organization.id).users.get(staff.user.id)
    const mails = await inbox(member.email!)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('declined')
    expect(mails[0]!.body.text).toContain('Please add Friday')
    expect(mails[0]!.body.text).toContain('/staff-login')
    expect(await outbox.pendingFor(organization.id)).toEqual([])

    // The employee edits and resubmits; earlier comments stay.
    const edit = await callRoute(updateDraft, {
      cookies: [staff.cookie],
      params: { id: String(sheet.id) },
      body: { fridayStart: '09:00', fridayEnd: '12:00' },
    })
    expect(edit.json.status).toBe('draft')
    const again = await callRoute(submitTimesheet, {
      cookies: [staff.cookie],
      params: { id: String(sheet.id) },
      body: {},
    })
    expect(again.json).toMatchObject({
      status: 'pending',
      commentHistory: [expect.objectContaining({ comment: 'Please add Friday' })],
    })
  })

  it('keeps the rejection when SES is down, and the retry job sends the email later', async () => {
    const { cookie, staff, sheet, organization } = await submitted()
    const endpoint = process.env.SES_ENDPOINT
    const { resetClients } = await import('@app/adapters')
    process.env.SES_ENDPOINT = 'http://127.0.0.1:9' // nothing listens there
    resetClients()
    try {
      const res = await decide(cookie, sheet.id, 'rejected', 'Missing hours')
      expect(res.status).toBe(200)
      expect(res.json.status).toBe('rejected')
    } finally {
      process.env.SES_ENDPOINT = endpoint
      resetClients()
    }
    const queued = await outbox.pendingFor(organization.id)
    expect(queued).toHaveLength(1)
    expect(queued[0]!.attempts).toBe(1)
    // Make it due now, as time passing would.
    const { table, keys } = await import('@app/data/testing')
    await table.update(keys.outbox(organization.id, queued[0]!.id), {
      UpdateExpression: 'SET gsi1sk = :now',
      ExpressionAttributeValues: { ':now': `2000-01-01T00:00:00.000Z#${organization.id}#${queued[0]!.id}` },
    })
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toEqual([])
    const member = await orgDb(organization.id).users.get(staff.user.id)
    expect((await inbox(member.email!)).map((m) => m.body.text)).toEqual([expect.stringContaining('Missing hours')])
  })

  it('decides only pending timesheets: deciding twice answers 409', async () => {
    const { cookie, sheet } = await submitted()
    expect((await decide(cookie, sheet.id, 'approved')).status).toBe(200)
    const again = await decide(cookie, sheet.id, 'rejected')
    expect(again.status).toBe(409)
    expect(again.json.message).toContain('Approved')
  })

  it('reads comments sent as null as none, as if left out', async () => {
    const { cookie, sheet } = await submitted()
    const res = await callRoute(updateStatus, {
      cookies: [cookie],
      params: { id: String(sheet.id) },
      body: { status: 'approved', comments: null },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ status: 'approved', comments: null })
  })

  it('lets exactly one of many concurrent decisions win, and the counts stay true', async () => {
    const { cookie, sheet, organization } = await submitted()
    const second = await newStaffMember(cookie, 'supervisor')
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        decide(i % 2 ? cookie : second.cookie, sheet.id, i % 3 ? 'approved' : 'rejected'),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    const counts = await orgDb(organization.id).timesheets.counts()
    expect(counts.pending).toBe(0)
    expect(counts.approved + counts.rejected).toBe(1)
  })

  it('refuses to let a supervisor decide their own timesheet', async () => {
    const { cookie } = await newOrganization()
    const own = await callRoute(createTimesheet, { cookies: [cookie], body: { weekStartDate: thisWeek() } })
    const res = await decide(cookie, own.json.id, 'approved')
    expect(res.status).toBe(403)
    expect(res.json.message).toBe('You cannot approve or reject your own timesheet')
  })

  it("answers 403 for staff and 404 for another organization's timesheet", async () => {
    const { staff, sheet } = await submitted()
    expect((await decide(staff.cookie, sheet.id, 'approved')).status).toBe(403)
    const other = await newOrganization()
    expect((await decide(other.cookie, sheet.id, 'approved')).status).toBe(404)
    expect((await decide(other.cookie, sheet.id, 'maybe')).status).toBe(400)
  })
})

describe('CSV downloads', () => {
  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { cookie, sheet } = await submitted(0, {
      mondayStart: '09:00',
      mondayEnd: '10:00',
      mondayActivity: '=HYPERLINK("http://evil","x")',
      notes: '+1 @sum',
    })
    await decide(cookie, sheet.id, 'approved')
    const csv = await (await fetch(await csvLink(cookie, sheet.id))).text()
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)
    expect(csv).toContain("Notes,'+1 @sum")
  })

  it('download-csv redirects to a fresh link for approved timesheets only', async () => {
    const { cookie, staff, sheet } = await submitted()
    expect((await callRoute(downloadCsv, { cookies: [cookie], params: { id: String(sheet.id) } })).status).toBe(409)
    await decide(cookie, sheet.id, 'approved')
    const res = await callRoute(downloadCsv, { cookies: [staff.cookie], params: { id: String(sheet.id) } })
    expect(res.status).toBe(302)
    const first = await (await fetch(res.headers.location as string)).text()
    // Kept: a second download (the supervisor's) serves the same file.
    const again = await callRoute(downloadCsv, { cookies: [cookie], params: { id: String(sheet.id) } })
    expect(await (await fetch(again.headers.location as string)).text()).toBe(first)
    const other = await newOrganization()
    expect((await callRoute(downloadCsv, { cookies: [other.cookie], params: { id: String(sheet.id) } })).status).toBe(
      404,
    )
  })
})

describe('pending list and dashboard stats', () => {
  it('counts pending, approved this week and active employees from counters and indexes', async () => {
    const { cookie, staff } = await submitted(0)
    const other = await newStaffMember(cookie, 'volunteer')
    const last = await callRoute(createTimesheet, {
      cookies: [other.cookie],
      body: { weekStartDate: addDays(thisWeek(), -7) },
    })
    const now = await callRoute(createTimesheet, { cookies: [other.cookie], body: { weekStartDate: thisWeek() } })
    await decide(cookie, last.json.id, 'approved')
    await decide(cookie, now.json.id, 'approved')
    const pending = await callRoute(listPending, { cookies: [cookie] })
    expect(pending.json).toHaveLength(1)
    expect(pending.json[0].employee.firstName).toBe('Ana')
    const stats = await callRoute(getStats, { cookies: [cookie] })
    expect(stats.json).toMatchObject({
      pending: 1,
      approved: 1,
      approvedTotal: 2,
      totalTimesheets: 3,
      activeEmployees: 2,
    })
    expect((await callRoute(getStats, { cookies: [staff.cookie] })).status).toBe(403)
  })
})
