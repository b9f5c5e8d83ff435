import { describe, expect, it, vi } from 'vitest'
import { currentWeekStart, addDays, messages } from '@app/core'
import { EMAIL_DAILY_LIMIT, orgDb, outbox } from '@app/data'
import { retryDueEmails } from '../workflows/mailer.ts'
import { renderStored } from '../views/templates.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { keys, table } from '@app/data/testing'
import { callRoute, expectFieldRefusal } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import createTimesheet from './create-timesheet.ts'
import getCurrentWeek from './get-current-week.ts'
import getWeek from './get-week.ts'
import listTimesheets from './list-timesheets.ts'
import saveDraft from './save-draft.ts'
import submitTimesheet from './submit-timesheet.ts'
import updateDraft from './update-draft.ts'

const setup = async () => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  return { ...org, staff }
}
/** The staff calls of these tests: submit a timesheet, and edit a draft, as the member behind `cookie`. */
const submit = (cookie: string, id: number) =>
  callRoute(submitTimesheet, { cookies: [cookie], params: { id: String(id) }, body: {} })
const editDraft = (cookie: string, id: number, body: Record<string, unknown>) =>
  callRoute(updateDraft, { cookies: [cookie], params: { id: String(id) }, body })
const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

describe('GET /api/timesheets/current-week', () => {
  it("creates this week's draft in the organization's zone once, and answers the same one after", async () => {
    const { staff, organization } = await setup()
    const first = await callRoute(getCurrentWeek, { cookies: [staff.cookie] })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({
      status: 'draft',
      weekStartDate: thisWeek(),
      employeeId: staff.user.id,
      version: 0,
      mondayStart: '',
    })
    const again = await callRoute(getCurrentWeek, { cookies: [staff.cookie] })
    expect(again.json.id).toBe(first.json.id)
    expect((await orgDb(organization.id).timesheets.counts()).draft).toBe(1)
  })

  it('creates exactly one timesheet when many requests race for the same week', async () => {
    const { staff, organization } = await setup()
    const all = await Promise.all(
      Array.from({ length: 8 }, () => callRoute(getCurrentWeek, { cookies: [staff.cookie] })),
    )
    expect(new Set(all.map((r) => r.json.id)).size).toBe(1)
    expect((await orgDb(organization.id).timesheets.counts()).draft).toBe(1)
  })

  it('answers 401 when signed out', async () => {
    expect((await callRoute(getCurrentWeek)).status).toBe(401)
  })
})

describe('GET /api/timesheets/week', () => {
  const week = (cookie: string, start: string) => callRoute(getWeek, { cookies: [cookie], query: { start } })

  it('answers the member’s own saved week with its entries, and an unsaved blank one where nothing is saved', async () => {
    const { staff, organization, cookie } = await setup()
    const other = await newStaffMember(cookie)
    const lastWeek = addDays(thisWeek(), -7)
    const saved = await callRoute(saveDraft, {
      cookies: [staff.cookie],
      body: { weekStartDate: lastWeek, mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' },
    })
    expect(saved.status).toBe(200)

    const mine = await week(staff.cookie, lastWeek)
    expect(mine.status).toBe(200)
    expect(mine.json).toMatchObject({
      id: saved.json.id,
      weekStartDate: lastWeek,
      mondayStart: '09:00',
      mondayActivity: 'Visits',
      version: 1,
      periodClosed: false,
    })
    const blank = await week(staff.cookie, addDays(thisWeek(), -14))
    expect(blank.json).toMatchObject({ id: 0, status: 'draft', mondayStart: '', employeeId: staff.user.id })
    // Only read: no draft was created for the blank week.
    expect((await orgDb(organization.id).timesheets.counts()).draft).toBe(1)
    // Another member of the organization sees their own week, never this one.
    expect((await week(other.cookie, lastWeek)).json).toMatchObject({ id: 0, mondayStart: '' })
  })

  it('refuses a date that is not a week start with a 400 naming it, and answers 401 signed out', async () => {
    const { staff } = await setup()
    const tuesday = addDays(thisWeek(), 1)
    const bad = await week(staff.cookie, tuesday)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Week start date must be a Monday')
    expect((await week(staff.cookie, 'soon')).status).toBe(400)
    expect((await callRoute(getWeek, { query: { start: thisWeek() } })).status).toBe(401)
  })
})

describe('saving and submitting', () => {
  it('saves the days with the version it was based on, and refuses a stale save without losing the newer one', async () => {
    const { staff } = await setup()
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    const saved = await editDraft(staff.cookie, sheet.id, {
      mondayStart: '09:00',
      mondayEnd: '17:30',
      mondayActivity: 'Sermon prep',
      version: 0,
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ mondayStart: '09:00', mondayEnd: '17:30', version: 1 })

    const stale = await editDraft(staff.cookie, sheet.id, { mondayStart: '10:00', version: 0 })
    expect(stale.status).toBe(409)
    expect(stale.json.message).toContain('changed somewhere else')
    const now = await callRoute(getCurrentWeek, { cookies: [staff.cookie] })
    expect(now.json).toMatchObject({ mondayStart: '09:00', mondayActivity: 'Sermon prep', version: 1 })
  })

  it('keeps the mark of times entered offline, and the spec’s save leaves it off', async () => {
    const { staff, cookie } = await setup()
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    const save = (body: Record<string, unknown>) =>
      callRoute(updateDraft, { cookies: [staff.cookie], params: { id: String(sheet.id) }, body })

    expect((await save({ mondayStart: '09:00', version: 0 })).json).toMatchObject({ version: 1, enteredOffline: false })
    const bad = await save({ mondayStart: '09:00', enteredOffline: 'yes', version: 1 })
    expect(bad.status).toBe(400)
    expect(bad.json.fields).toEqual({ enteredOffline: 'enteredOffline must be true or false' })
    const synced = await save({ mondayStart: '08:55', mondayEnd: '12:00', enteredOffline: true, version: 1 })
    expect(synced.json).toMatchObject({ mondayStart: '08:55', mondayEnd: '12:00', version: 2, enteredOffline: true })
    // A later save from a connected device keeps the mark: some times still came from the phone's clock.
    expect((await save({ mondayEnd: '12:30', mondayStart: '08:55', version: 2 })).json).toMatchObject({
      enteredOffline: true,
    })
    await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(sheet.id) }, body: {} })
    const listed = await callRoute(listTimesheets, { cookies: [cookie] })
    expect(listed.json.items.find((t: { id: number }) => t.id === sheet.id)).toMatchObject({ enteredOffline: true })
  })

  it('refuses a save without a body, or with a null one, and keeps the saved days', async () => {
    const { staff } = await setup()
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    expect((await editDraft(staff.cookie, sheet.id, { mondayStart: '08:00', mondayEnd: '12:00' })).status).toBe(200)
    const bodies: { body: string; type: string }[] = [
      { body: '', type: '' },
      { body: '', type: 'application/json' },
      { body: 'null', type: 'application/json' },
    ]
    for (const { body, type } of bodies) {
      const headers = { 'content-type': type }
      const res = await callRoute(updateDraft, {
        cookies: [staff.cookie],
        params: { id: String(sheet.id) },
        body,
        headers,
      })
      expect(res.status, res.text).toBe(400)
      expect(res.json).toMatchObject({ message: messages.bodyRequired, key: 'bodyRequired' })
    }
    const now = await callRoute(getCurrentWeek, { cookies: [staff.cookie] })
    expect(now.json).toMatchObject({ mondayStart: '08:00', mondayEnd: '12:00', version: 1 })
  })

  it('refuses bad times naming the field, and changes nothing', async () => {
    const { staff } = await setup()
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    for (const bad of ['24:00', '9:00', '09:60', '12:00pm', 'noon']) {
      const res = await editDraft(staff.cookie, sheet.id, { tuesdayEnd: bad })
      expectFieldRefusal(res, 'tuesdayEnd', {
        message: 'Tuesday end time: use a 24-hour time like 09:00',
        key: 'dayEndTime24',
        params: { day: 'Tuesday' },
      })
    }
    expect((await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json.version).toBe(0)
  })

  it('submits once: draft to pending, then 409', async () => {
    const { staff, organization } = await setup()
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    const first = await submit(staff.cookie, sheet.id)
    expect(first.status).toBe(200)
    expect(first.json.status).toBe('pending')
    expect(first.json.submittedAt).toBeTruthy()
    const second = await submit(staff.cookie, sheet.id)
    expect(second.status).toBe(409)
    expect(second.json.message).toBe('This timesheet is already Pending Review and cannot be submitted again')
    const locked = await editDraft(staff.cookie, sheet.id, { mondayStart: '08:00' })
    expect(locked.status).toBe(409)
    expect(await orgDb(organization.id).timesheets.counts()).toMatchObject({ draft: 0, pending: 1 })
  })

  it("answers 404 for another member's timesheet, even in the same organization, and changes nothing", async () => {
    const { cookie, staff } = await setup()
    const other = await newStaffMember(cookie)
    const sheet = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    const save = await editDraft(other.cookie, sheet.id, { mondayStart: '08:00' })
    expect(save.status).toBe(404)
    const submitted = await submit(other.cookie, sheet.id)
    expect(submitted.status).toBe(404)
    const stranger = await setup()
    expect((await submit(stranger.staff.cookie, sheet.id)).status).toBe(404)
    expect((await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json).toMatchObject({
      status: 'draft',
      version: 0,
    })
  })

  it('refuses an id that is not a positive whole number', async () => {
    const { staff } = await setup()
    for (const id of ['0', '-1', '1.5', 'abc', '1e3']) {
      const res = await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id }, body: {} })
      expect(res.status).toBe(400)
    }
  })
})

describe('the submit page', () => {
  it('saves a draft for the chosen week and refuses a week start that is not a Monday', async () => {
    const { staff } = await setup()
    const week = addDays(thisWeek(), -7)
    const saved = await callRoute(saveDraft, {
      cookies: [staff.cookie],
      body: { weekStartDate: week, wednesdayStart: '22:00', wednesdayEnd: '06:00', status: 'draft' },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ weekStartDate: week, status: 'draft', wednesdayStart: '22:00' })

    const wrong = await callRoute(saveDraft, { cookies: [staff.cookie], body: { weekStartDate: addDays(week, 2) } })
    expect(wrong.status).toBe(400)
    expect(wrong.json.fields).toEqual({ weekStartDate: 'Week start date must be a Monday' })
    const missing = await callRoute(saveDraft, { cookies: [staff.cookie], body: {} })
    expect(missing.json.fields.weekStartDate).toBe('Week start date is required')
    const unreal = await callRoute(saveDraft, { cookies: [staff.cookie], body: { weekStartDate: '2026-02-30' } })
    expect(unreal.status).toBe(400)
  })

  it('takes the week start as the spec sends it, a Date written as JSON, from both of its calls', async () => {
    const { staff } = await setup()
    const week = addDays(thisWeek(), -14)
    const asDate = JSON.parse(JSON.stringify(new Date(`${week}T00:00:00Z`))) as string
    const saved = await callRoute(saveDraft, {
      cookies: [staff.cookie],
      body: { weekStartDate: asDate, mondayStart: '09:00', mondayEnd: '17:00', status: 'draft' },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ weekStartDate: week, mondayStart: '09:00' })
    const submitted = await callRoute(createTimesheet, {
      cookies: [staff.cookie],
      body: { weekStartDate: asDate, mondayStart: '09:00', mondayEnd: '17:00' },
    })
    expect(submitted.status, submitted.text).toBe(200)
    expect(submitted.json).toMatchObject({ id: saved.json.id, weekStartDate: week, status: 'pending' })
  })

  it('refuses a week more than a year back or more than four weeks ahead with a clear 400, creating nothing', async () => {
    const { staff, organization } = await setup()
    const message = 'Week start date must be within the past 52 weeks or the next 4 weeks'
    for (const week of [53, -5, 500, -300].map((back) => addDays(thisWeek(), -7 * back))) {
      for (const route of [saveDraft, createTimesheet]) {
        const res = await callRoute(route, { cookies: [staff.cookie], body: { weekStartDate: week } })
        expect(res.status, week).toBe(400)
        expect(res.json).toEqual({
          message,
          key: 'weekWindow',
          params: { back: '52', ahead: '4' },
          fields: { weekStartDate: message },
          fieldKeys: { weekStartDate: { key: 'weekWindow', params: { back: '52', ahead: '4' } } },
        })
      }
    }
    expect((await orgDb(organization.id).timesheets.counts()).draft).toBe(0)
    for (const week of [addDays(thisWeek(), -7 * 52), addDays(thisWeek(), 7 * 4)]) {
      const res = await callRoute(saveDraft, { cookies: [staff.cookie], body: { weekStartDate: week } })
      expect(res.status, week).toBe(200)
    }
  })

  it('refuses a save based on a version of a week that has no timesheet, creating nothing', async () => {
    const { staff, organization } = await setup()
    const week = addDays(thisWeek(), -14)
    const res = await callRoute(saveDraft, { cookies: [staff.cookie], body: { weekStartDate: week, version: 3 } })
    expect(res.status).toBe(409)
    expect(await orgDb(organization.id).timesheets.weekOf(staff.user.id, week)).toBeUndefined()
    expect((await orgDb(organization.id).timesheets.counts()).draft).toBe(0)
  })

  it('holds emails back at the daily email quota: the submission stands, its email waits in the outbox until the quota allows', async () => {
    const { staff, organization, supervisor: approver } = await setup()
    const db = orgDb(organization.id)
    // The organization has already sent all of today's emails (the submission mails its approver).
    const day = new Date().toISOString().slice(0, 10)
    await table.put({ ...keys.emailQuota(organization.id, day), sent: EMAIL_DAILY_LIMIT })
    const draft = await callRoute(getCurrentWeek, { cookies: [staff.cookie] })
    const log = vi.spyOn(console, 'log')
    const res = await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(draft.json.id) } })
    expect(res.status).toBe(200)
    expect((await db.timesheets.get(draft.json.id)).status).toBe('pending')
    const metric = log.mock.calls.map(([line]) => String(line)).find((l) => l.includes('EmailQuotaReached'))
    expect(JSON.parse(metric!)).toMatchObject({ EmailQuotaReached: 1, orgId: organization.id })
    log.mockRestore()
    const queued = await outbox.pendingFor(organization.id)
    expect(queued.map((q) => renderStored(q.email).to)).toEqual([approver.email])
    expect(await inbox(approver.email!)).toEqual([])
    // Held until the next quota day: the retry job leaves it while the quota is spent.
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toHaveLength(1)
    // The next day: a fresh quota, and the email is due, as time passing would make it.
    await table.delete(keys.emailQuota(organization.id, day))
    await table.update(keys.outbox(organization.id, queued[0]!.id), {
      UpdateExpression: 'SET gsi1sk = :now',
      ExpressionAttributeValues: { ':now': `2000-01-01T00:00:00.000Z#${organization.id}#${queued[0]!.id}` },
    })
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toEqual([])
    expect(await inbox(approver.email!)).toHaveLength(1)
  })

  it('POST /api/timesheets saves and submits the week at once', async () => {
    const { staff } = await setup()
    const res = await callRoute(createTimesheet, {
      cookies: [staff.cookie],
      body: { weekStartDate: thisWeek(), fridayStart: '08:00', fridayEnd: '12:00', fridayActivity: 'Food pantry' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'pending', fridayActivity: 'Food pantry' })
  })
})

describe('GET /api/timesheets', () => {
  it('gives staff their own and supervisors the submissions of the organization, newest week first, with the employee', async () => {
    const { cookie, staff } = await setup()
    const other = await newStaffMember(cookie)
    for (const weeksAgo of [2, 0, 1]) {
      await callRoute(createTimesheet, {
        cookies: [staff.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7 * weeksAgo), mondayStart: '09:00', mondayEnd: '10:30' },
      })
    }
    await callRoute(getCurrentWeek, { cookies: [other.cookie] }) // a draft: not a submission

    const own = await callRoute(listTimesheets, { cookies: [staff.cookie] })
    expect(own.json.items.map((t: { weekStartDate: string }) => t.weekStartDate)).toEqual(
      [0, 1, 2].map((w) => addDays(thisWeek(), -7 * w)),
    )
    const theirs = await callRoute(listTimesheets, { cookies: [other.cookie] })
    expect(theirs.json.items).toHaveLength(1)

    const all = await callRoute(listTimesheets, { cookies: [cookie] })
    expect(all.json.items).toHaveLength(3)
    expect(all.json.items[0]).toMatchObject({
      employee: { firstName: 'Ana', lastName: 'Silva', department: 'Youth' },
      totalHours: 1.5,
      status: 'pending',
    })

    const page1 = await callRoute(listTimesheets, { cookies: [cookie], query: { limit: '2' } })
    expect(page1.json.items).toHaveLength(2)
    const page2 = await callRoute(listTimesheets, {
      cookies: [cookie],
      query: { limit: '2', cursor: page1.json.cursor },
    })
    expect(page2.json.items).toHaveLength(1)
  })

  it('refuses a forged cursor that names only the partition, with 400 rather than a failure', async () => {
    const { cookie, organization, staff } = await setup()
    const forged = (key: object) => Buffer.from(JSON.stringify(key)).toString('base64url')
    const asSupervisor = await callRoute(listTimesheets, {
      cookies: [cookie],
      query: { cursor: forged({ gsi2pk: `ORG#${organization.id}#TS` }) },
    })
    expect(asSupervisor.status).toBe(400)
    const asStaff = await callRoute(listTimesheets, {
      cookies: [staff.cookie],
      query: { cursor: forged({ gsi1pk: `ORG#${organization.id}#EMP#${staff.user.id}` }) },
    })
    expect(asStaff.status).toBe(400)
  })

  it('refuses its own cursor edited by hand, and one made before cursors were signed, with 400', async () => {
    const { cookie, staff } = await setup()
    for (const w of [0, 1, 2])
      await callRoute(createTimesheet, {
        cookies: [staff.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7 * w) },
      })
    for (const who of [cookie, staff.cookie]) {
      const page = await callRoute(listTimesheets, { cookies: [who], query: { limit: '1' } })
      const cursor = page.json.cursor as string
      expect(cursor).toMatch(/^[A-Za-z0-9_.-]+$/)
      const [key, ...signature] = cursor.split('.')
      const stored = JSON.parse(Buffer.from(key!, 'base64url').toString('utf8')) as Record<string, string>
      // Well formed and inside the caller's own list: only the week it goes on from is moved.
      const sort = Object.keys(stored).find((k) => /^gsi\dsk$/.test(k))!
      const edited = Buffer.from(JSON.stringify({ ...stored, [sort]: 'WEEK#1990-01-01' })).toString('base64url')
      for (const sent of [[edited, ...signature].join('.'), key!]) {
        const res = await callRoute(listTimesheets, { cookies: [who], query: { limit: '1', cursor: sent } })
        expect([res.status, res.json.message], sent).toEqual([400, 'Invalid page cursor'])
      }
      const next = await callRoute(listTimesheets, { cookies: [who], query: { limit: '1', cursor } })
      expect(next.json.items).toHaveLength(1)
    }
  })

  it("refuses a cursor from another organization's list", async () => {
    const a = await setup()
    const b = await setup()
    for (const w of [0, 1])
      await callRoute(createTimesheet, {
        cookies: [a.staff.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7 * w) },
      })
    const page = await callRoute(listTimesheets, { cookies: [a.cookie], query: { limit: '1' } })
    const res = await callRoute(listTimesheets, { cookies: [b.cookie], query: { cursor: page.json.cursor } })
    expect(res.status).toBe(400)
  })
})
