import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember, northAndSouthChurch } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import updateStatus from '../timesheets/update-status.ts'

/**
 * A campus admin's paged lists are full pages of their campuses' items, with a cursor that goes
 * on to the rest, even when the newest items of the list (more than a page) are another campus's.
 */
type Page<T> = { items: T[]; cursor: string | null }
const allPages = async <T>(read: (cursor?: string) => Promise<Page<T>>) => {
  const pages: Page<T>[] = []
  let cursor: string | undefined
  do {
    const page = await read(cursor)
    pages.push(page)
    cursor = page.cursor ?? undefined
  } while (cursor && pages.length < 20)
  return pages
}

describe("a South-only admin's pages", () => {
  let org: Awaited<ReturnType<typeof newOrganization>>
  let admin: Awaited<ReturnType<typeof newStaffMember>>
  let southSheets: number[]
  let northSheets: number[]
  let southIds: Set<string>

  beforeAll(async () => {
    const church = await northAndSouthChurch()
    org = church.org
    admin = church.southAdmin
    const { nora: northStaff, sara: southStaff } = church
    southIds = new Set([admin.user.id, southStaff.user.id])
    const monday = currentWeekStart('America/Chicago', 'monday')
    const week = (cookie: string, back: number) =>
      callRoute(createTimesheet, {
        cookies: [cookie],
        body: { weekStartDate: addDays(monday, -7 * back), mondayStart: '09:00', mondayEnd: '17:00' },
      }).then((r) => r.json.id as number)
    // South's weeks are the older ones: the newest three of the list (more than a page of two) are North's.
    southSheets = [await week(southStaff.cookie, 6), await week(southStaff.cookie, 5), await week(southStaff.cookie, 4)]
    northSheets = [await week(northStaff.cookie, 3), await week(northStaff.cookie, 2), await week(northStaff.cookie, 1)]
    // The newest records of the trail are North's too: three decisions on North's weeks.
    for (const id of northSheets)
      await callRoute(updateStatus, { cookies: [org.cookie], params: { id: String(id) }, body: { status: 'approved' } })
  }, 90_000)

  it('GET /api/timesheets: full pages of South weeks past more than a page of North ones, then the end', async () => {
    const pages = await allPages((cursor) =>
      callRoute(listTimesheets, {
        cookies: [admin.cookie],
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      }).then((r) => r.json as Page<{ id: number }>),
    )
    expect(pages[0]!.items.map((t) => t.id)).toEqual([southSheets[2], southSheets[1]])
    expect(pages[0]!.cursor).not.toBeNull()
    expect(pages.flatMap((p) => p.items.map((t) => t.id))).toEqual([...southSheets].reverse())
    expect(pages.at(-1)!.cursor).toBeNull()
    // A status's list too (its own index): North's approved weeks are not South's.
    const approved = await callRoute(listTimesheets, {
      cookies: [admin.cookie],
      query: { status: 'approved', limit: '2' },
    })
    expect(approved.json).toEqual({ items: [], cursor: null })
    // The whole-church supervisor's first page is North's newest, as before.
    const whole = await callRoute(listTimesheets, { cookies: [org.cookie], query: { limit: '2' } })
    expect((whole.json as Page<{ id: number }>).items.map((t) => t.id)).toEqual([northSheets[2], northSheets[1]])
  })

  it("GET /api/audit: full pages of South's members' records, every one of them, none of North's", async () => {
    const memberOf = (e: { subject: { type: string; id?: string; employeeId?: string } }) =>
      e.subject.type === 'timesheet' ? (e.subject.employeeId ?? '') : e.subject.type === 'member' ? e.subject.id! : ''
    type Entry = { id: string; subject: { type: string; id?: string; employeeId?: string } }
    const read = (cookie: string, limit: string) =>
      allPages((cursor) =>
        callRoute(listAudit, { cookies: [cookie], query: { limit, ...(cursor ? { cursor } : {}) } }).then(
          (r) => r.json as Page<Entry>,
        ),
      )
    const whole = (await read(org.cookie, '100')).flatMap((p) => p.items)
    const south = whole.filter((e) => southIds.has(memberOf(e)))
    expect(south.length).toBeGreaterThanOrEqual(2)
    // The newest records are more than a page of North's.
    expect(whole.slice(0, 3).every((e) => !southIds.has(memberOf(e)))).toBe(true)
    const pages = await read(admin.cookie, '2')
    expect(pages[0]!.items).toHaveLength(2)
    for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(2)
    expect(pages.flatMap((p) => p.items.map((e) => e.id))).toEqual(south.map((e) => e.id))
  })
})
