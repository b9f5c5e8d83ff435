import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import listMembers from '../members/list-members.ts'
import removeMember from '../members/remove-member.ts'
import getSummary from '../payroll/get-summary.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import updateStatus from '../timesheets/update-status.ts'
import getCampuses from './get-campuses.ts'
import updateCampuses from './update-campuses.ts'

/**
 * The members a church has when it saves its first campuses start at one of them (the one the
 * supervisor names, else the first active one), each with an audit record; their weeks are kept.
 */
const put = (cookie: string, body: Record<string, unknown>) => callRoute(updateCampuses, { cookies: [cookie], body })
const campusOf = async (cookie: string) =>
  new Map(
    ((await callRoute(listMembers, { cookies: [cookie] })).json as { id: string; campusId?: string }[]).map((m) => [
      m.id,
      m.campusId,
    ]),
  )

describe("a church's members when its first campuses are saved", () => {
  it('start at the first active campus for a client that sends only { campuses }, with a record each, their weeks kept', async () => {
    const org = await newOrganization()
    const ana = await newStaffMember(org.cookie, 'employee', { person: { firstName: 'Ana', lastName: 'Before' } })
    const gone = await newStaffMember(org.cookie, 'employee', { person: { firstName: 'Gil', lastName: 'Gone' } })
    expect((await callRoute(removeMember, { cookies: [org.cookie], params: { id: gone.user.id } })).status).toBe(204)
    const monday = currentWeekStart('America/Chicago', 'monday')
    const from = addDays(monday, -14)
    const week = await callRoute(createTimesheet, {
      cookies: [ana.cookie],
      body: { weekStartDate: from, mondayStart: '09:00', mondayEnd: '17:00' },
    })
    const decided = await callRoute(updateStatus, {
      cookies: [org.cookie],
      params: { id: String(week.json.id) },
      body: { status: 'approved' },
    })
    expect(decided.status, decided.text).toBe(200)

    const saved = await put(org.cookie, {
      campuses: [
        { name: 'Camp', address: '', active: false },
        { name: 'North', address: '', active: true },
        { name: 'South', address: '', active: true },
      ],
    })
    expect(saved.status, saved.text).toBe(200)
    // The answer is the list, as it always was.
    expect(Object.keys(saved.json)).toEqual(['campuses'])
    const [, north, south] = (saved.json.campuses as { id: string }[]).map((c) => c.id)
    const campuses = await campusOf(org.cookie)
    expect(campuses.get(org.supervisor.id)).toBe(north)
    expect(campuses.get(ana.user.id)).toBe(north)
    expect(campuses.has(gone.user.id)).toBe(false)

    const trail = (await callRoute(listAudit, { cookies: [org.cookie], query: { action: 'member.edited' } })).json
      .items as { subject: { id: string }; changes: unknown[] }[]
    expect(trail.find((e) => e.subject.id === ana.user.id)?.changes).toEqual([
      { field: 'campusId', before: null, after: north },
    ])
    expect(trail.some((e) => e.subject.id === gone.user.id)).toBe(false)

    // The week made before campuses is still paid, now under the campus Ana starts at.
    const summary = async (campusId: string) =>
      (
        await callRoute(getSummary, {
          cookies: [org.cookie],
          query: { from, to: addDays(monday, -1), campusId },
        })
      ).json.members as { employeeId: string; regularHours: number }[]
    expect((await summary(north!)).find((r) => r.employeeId === ana.user.id)?.regularHours).toBe(8)
    expect(await summary(south!)).toEqual([])

    // A later save changes no member who has a campus.
    const again = await put(org.cookie, { campuses: saved.json.campuses, membersStartAt: 'South' })
    expect(again.status, again.text).toBe(200)
    expect((await campusOf(org.cookie)).get(ana.user.id)).toBe(north)
  }, 60_000)

  it('start at the campus the supervisor names; a campus that is not an active one of the list is 400 and changes nothing', async () => {
    const org = await newOrganization()
    const bea = await newStaffMember(org.cookie, 'volunteer', { person: { firstName: 'Bea', lastName: 'Before' } })
    const list = [
      { name: 'North', address: '', active: true },
      { name: 'South', address: '', active: true },
      { name: 'Camp', address: '', active: false },
    ]
    for (const membersStartAt of ['Camp', 'East', ''] as const) {
      const refused = await put(org.cookie, { campuses: list, membersStartAt })
      expect(refused.status).toBe(400)
      expect(refused.json.fields).toEqual({
        membersStartAt: 'Choose an active campus of the list for the members without one',
      })
    }
    expect((await callRoute(getCampuses, { cookies: [org.cookie] })).json).toEqual({ campuses: [] })
    expect((await campusOf(org.cookie)).get(bea.user.id)).toBeUndefined()

    const saved = await put(org.cookie, { campuses: list, membersStartAt: ' south ' })
    expect(saved.status, saved.text).toBe(200)
    const south = (saved.json.campuses as { id: string; name: string }[]).find((c) => c.name === 'South')!.id
    const campuses = await campusOf(org.cookie)
    expect(campuses.get(bea.user.id)).toBe(south)
    expect(campuses.get(org.supervisor.id)).toBe(south)
  }, 60_000)
})
