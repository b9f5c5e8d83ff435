import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, DAYS, type TimesheetAnswer } from '@app/core'
import { orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import createTimesheet from './create-timesheet.ts'
import downloadCsv from './download-csv.ts'
import getCurrentWeek from './get-current-week.ts'
import listTimesheets from './list-timesheets.ts'
import saveDraft from './save-draft.ts'
import submitTimesheet from './submit-timesheet.ts'
import updateDraft from './update-draft.ts'

/** A day of up to 4 spans, on every call that carries day fields, while the spec's calls keep their meaning. */

const sunday = [
  { start: '08:00', end: '12:00' },
  { start: '18:00', end: '21:00' },
]
const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

const setup = async () => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  const current = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json as TimesheetAnswer
  const put = (body: Record<string, unknown>) =>
    callRoute(updateDraft, { cookies: [staff.cookie], params: { id: String(current.id) }, body })
  const totalOf = async (id: number) => {
    const listed = await callRoute(listTimesheets, { cookies: [staff.cookie] })
    return listed.json.items.find((t: { id: number }) => t.id === id).totalHours as number
  }
  return { ...org, staff, current, put, totalOf }
}

describe('split shifts', () => {
  it('counts Sunday 8:00-12:00 and 18:00-21:00 as 7 hours, and answers every day’s spans', async () => {
    const { staff, current, put, totalOf } = await setup()
    const saved = await put({ sundaySpans: sunday, sundayActivity: 'Services', version: current.version })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ sundayStart: '08:00', sundayEnd: '21:00', sundaySpans: sunday })
    expect(saved.json.payroll.paidHours).toBe(7)
    for (const day of DAYS.filter((d) => d !== 'sunday')) expect(saved.json[`${day}Spans`]).toEqual([])
    expect(await totalOf(current.id)).toBe(7)
    const read = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json as TimesheetAnswer
    expect(read).toMatchObject({ sundayStart: '08:00', sundayEnd: '21:00', sundaySpans: sunday, mondaySpans: [] })
  })

  it('makes a day saved with only the spec’s start and end one span, with the spec’s total', async () => {
    const { current, put, totalOf } = await setup()
    const split = await put({ sundaySpans: sunday, version: current.version })
    expect(split.status).toBe(200)
    // A client that knows only the spec: no spans in its body.
    const spec = await put({ sundayStart: '08:00', sundayEnd: '21:00' })
    expect(spec.status, spec.text).toBe(200)
    expect(spec.json).toMatchObject({
      sundayStart: '08:00',
      sundayEnd: '21:00',
      sundaySpans: [{ start: '08:00', end: '21:00' }],
    })
    expect(await totalOf(current.id)).toBe(13)
  })

  it('takes a whole answer sent back with a day’s start and end changed (a client that echoes what it read)', async () => {
    const { current, put, totalOf } = await setup()
    const first = await put({ mondayStart: '09:00', mondayEnd: '17:00', sundaySpans: sunday, version: current.version })
    expect(first.json.mondaySpans).toEqual([{ start: '09:00', end: '17:00' }])
    const { payroll: _payroll, ...echoed } = first.json as TimesheetAnswer
    const again = await put({ ...echoed, mondayStart: '08:00' })
    expect(again.status, again.text).toBe(200)
    expect(again.json).toMatchObject({
      mondayStart: '08:00',
      mondaySpans: [{ start: '08:00', end: '17:00' }],
      sundaySpans: sunday,
    })
    expect(await totalOf(current.id)).toBe(16)
    // A split day's end changed without its spans is refused, not guessed.
    const refused = await put({ ...again.json, payroll: undefined, sundayEnd: '22:00' })
    expect(refused.status).toBe(400)
  })

  it('refuses spans out of order, overlapping, more than 4 or unlike the start and end, and changes nothing', async () => {
    const { staff, current, put } = await setup()
    const bad: [Record<string, unknown>, string][] = [
      [{ sundaySpans: [sunday[1], sunday[0]] }, 'Sunday time ranges must be in order and must not overlap'],
      [
        { sundaySpans: [sunday[0], { start: '11:00', end: '13:00' }] },
        'Sunday time ranges must be in order and must not overlap',
      ],
      [
        { sundaySpans: ['06', '08', '10', '12', '14'].map((h) => ({ start: `${h}:00`, end: `${h}:30` })) },
        'Sunday may have at most 4 time ranges',
      ],
      [
        { sundaySpans: sunday, sundayEnd: '12:00' },
        "Sunday start and end must be the first time range's start and the last one's end",
      ],
      [{ sundaySpans: sunday, sundayBreakMinutes: 480 }, 'Sunday break is longer than the shift'],
    ]
    for (const [body, message] of bad) {
      const res = await put({ ...body, version: current.version })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.values(res.json.fields ?? {})).toContain(message)
    }
    const after = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json as TimesheetAnswer
    expect(after.version).toBe(current.version)
    expect(after.sundaySpans).toEqual([])
  })

  it('saves spans through the submit page’s call, and the approved week’s CSV pays the spans', async () => {
    const { staff, cookie } = await setup()
    const created = await submittedThroughRoute(staff.cookie, {
      weekStartDate: addDays(thisWeek(), -7),
      sundaySpans: sunday,
      mondayStart: '09:00',
      mondayEnd: '17:00',
    })
    expect(created.json).toMatchObject({
      status: 'pending',
      sundaySpans: sunday,
      mondaySpans: [{ start: '09:00', end: '17:00' }],
    })
    const approved = await decidedThroughRoute(cookie, created.json.id, 'approved')
    expect(approved.json.payroll.paidHours).toBe(15)
    const link = await callRoute(downloadCsv, { cookies: [cookie], params: { id: String(created.json.id) } })
    const csv = await (await fetch(link.headers.location as string)).text()
    expect(csv).toMatch(/,Sunday,08:00,21:00,,0,7\.00,/)
    // The last column says what lies between the first start and the last end.
    expect(csv).toContain(',Sunday,08:00,21:00,,0,7.00,,"08:00-12:00, 18:00-21:00"\r\n')
    expect(csv).toMatch(/Total,,,,,0,15\.00,/)
  })

  it('takes spans on the save of a chosen week too (/api/timesheets/save-draft)', async () => {
    const { staff } = await setup()
    const res = await callRoute(saveDraft, {
      cookies: [staff.cookie],
      body: { weekStartDate: addDays(thisWeek(), -14), wednesdaySpans: sunday },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ wednesdayStart: '08:00', wednesdayEnd: '21:00', wednesdaySpans: sunday })
    expect(res.json.payroll.paidHours).toBe(7)
  })

  it('refuses a day of more than 24 hours on every call that saves or submits it, naming the day, and changes nothing', async () => {
    const { staff, current, put, organization } = await setup()
    const over = [
      { start: '00:00', end: '23:58' },
      { start: '23:58', end: '23:57' },
    ]
    const message =
      "Monday time ranges cannot add up to more than 24 hours: the last one must end by the first one's start"
    const refused = (res: { status: number; json: Record<string, unknown> }) => {
      expect(res.status).toBe(400)
      expect(res.json).toMatchObject({
        message,
        key: 'spansOverDay',
        params: { day: 'Monday' },
        fields: { mondaySpans: message },
      })
    }
    refused(await put({ mondaySpans: over, version: current.version }))
    refused(
      await callRoute(saveDraft, {
        cookies: [staff.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7), mondaySpans: over },
      }),
    )
    // The spec's POST /api/timesheets (save and submit in one call).
    refused(
      await callRoute(createTimesheet, {
        cookies: [staff.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7), mondaySpans: over, mondayActivity: 'Office' },
      }),
    )
    const after = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json as TimesheetAnswer
    expect(after.version).toBe(current.version)
    expect(after.mondaySpans).toEqual([])
    expect((await callRoute(listTimesheets, { cookies: [staff.cookie] })).json.items).toHaveLength(1)

    // A week stored with such a day (saved before the rule) is not submitted either.
    await table.update(keys.timesheet(organization.id, current.id), {
      UpdateExpression: 'SET mondayStart = :s, mondayEnd = :e, mondaySpans = :spans',
      ExpressionAttributeValues: { ':s': '00:00', ':e': '23:57', ':spans': over },
    })
    refused(await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(current.id) }, body: {} }))
    expect((await orgDb(organization.id).timesheets.get(current.id)).status).toBe('draft')
    // Ending by the first start is a day of at most 24 hours, and is taken.
    const fine = await put({ mondaySpans: [over[0], { start: '23:58', end: '00:00' }] })
    expect(fine.status, fine.text).toBe(200)
    expect(fine.json.payroll.paidHours).toBe(24)
  })
})
