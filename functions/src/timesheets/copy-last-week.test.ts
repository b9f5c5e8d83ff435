import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, TimesheetAnswer } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import copyLastWeek from './copy-last-week.ts'
import getCurrentWeek from './get-current-week.ts'
import saveDraft from './save-draft.ts'
import submitTimesheet from './submit-timesheet.ts'
import updateDraft from './update-draft.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
const nineToFive = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [`${d}Start`, '09:00'],
    [`${d}End`, '17:00'],
    [`${d}Activity`, `${d} office`],
    [`${d}BreakMinutes`, 30],
  ]),
)

/** A member whose last week holds Monday to Friday 9:00-17:00 (and a note), and their fresh current week. */
const setup = async (lastWeek: Record<string, unknown> = { ...nineToFive, notes: 'last week note' }) => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  const saved = await callRoute(saveDraft, {
    cookies: [staff.cookie],
    body: { ...lastWeek, weekStartDate: addDays(thisWeek(), -7) },
  })
  expect(saved.status).toBe(200)
  const current = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json as TimesheetAnswer
  return { ...org, staff, current }
}
const copy = (cookie: string, id: number) => callRoute(copyLastWeek, { cookies: [cookie], params: { id: String(id) } })

describe('POST /api/timesheets/{id}/copy-last-week', () => {
  it("fills the empty days from last week's same weekdays, leaves a typed day and the notes alone, and records it", async () => {
    const { staff, current, organization } = await setup()
    const typed = await callRoute(updateDraft, {
      cookies: [staff.cookie],
      params: { id: String(current.id) },
      body: { wednesdayStart: '10:00', wednesdayEnd: '12:00', notes: 'mine', version: current.version },
    })
    expect(typed.status).toBe(200)

    const copied = await copy(staff.cookie, current.id)
    expect(copied.status).toBe(200)
    expect(copied.json).toMatchObject({
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'monday office',
      mondayBreakMinutes: 30,
      fridayEnd: '17:00',
      wednesdayStart: '10:00',
      wednesdayEnd: '12:00',
      wednesdayActivity: '',
      wednesdayBreakMinutes: 0,
      saturdayStart: '',
      notes: 'mine',
      status: 'draft',
      version: typed.json.version + 1,
    })
    // Four days of 7.5 paid hours plus Wednesday's 2.
    expect(copied.json.payroll.paidHours).toBe(32)
    const records = await orgDb(organization.id).audit.forTimesheet(current.id)
    const record = records.find((r) => r.action === 'timesheet.copiedLastWeek')
    expect(record?.actor).toMatchObject({ userId: staff.user.id })
    expect(record?.changes?.some((c) => c.field === 'mondayStart' && c.after === '09:00')).toBe(true)

    // Everything that could be copied was: a second copy has nothing to do and changes nothing.
    const again = await copy(staff.cookie, current.id)
    expect(again.status).toBe(409)
    expect(again.json.message).toMatch(/^Nothing to copy/)
    expect(again.json.key).toBe('nothingToCopy')
    const now = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    expect(now.version).toBe(copied.json.version)
  })

  it('answers 409 with a clear message when the member has no last week, or an empty one', async () => {
    const org = await newOrganization()
    const staff = await newStaffMember(org.cookie)
    const current = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    const none = await copy(staff.cookie, current.id)
    expect(none.status).toBe(409)
    expect(none.json.message).toContain('Nothing to copy')

    const onlyNotes = await setup({ notes: 'only a note', mondayBreakMinutes: 0 })
    const empty = await copy(onlyNotes.staff.cookie, onlyNotes.current.id)
    expect(empty.status).toBe(409)
  })

  it('refuses a week that is no longer editable, and changes nothing', async () => {
    const { staff, current } = await setup()
    expect(
      (await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(current.id) }, body: {} }))
        .status,
    ).toBe(200)
    const refused = await copy(staff.cookie, current.id)
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('This timesheet is Pending Review and can no longer be edited')
    const after = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    expect(after.mondayStart).toBe('')
  })

  it("is only for the sheet's own member: another member, even a supervisor, gets 404; signed out 401; a bad id 400", async () => {
    const { staff, current, cookie: supervisorCookie } = await setup()
    const other = await newStaffMember(supervisorCookie)
    expect((await copy(other.cookie, current.id)).status).toBe(404)
    expect((await copy(supervisorCookie, current.id)).status).toBe(404)
    expect((await callRoute(copyLastWeek, { params: { id: String(current.id) } })).status).toBe(401)
    expect((await copy(staff.cookie, 'abc' as unknown as number)).status).toBe(400)
    const stranger = await newOrganization('Hope Chapel')
    expect((await copy(stranger.cookie, current.id)).status).toBe(404)
    const after = (await callRoute(getCurrentWeek, { cookies: [staff.cookie] })).json
    expect(after.mondayStart).toBe('')
  })
})
