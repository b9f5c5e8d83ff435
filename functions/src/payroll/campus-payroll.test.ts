import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute, sessionCookieFor, sessionOf } from '../../test/support/test-event.ts'
import { decidedThroughRoute, decideThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember, northAndSouthChurch } from '../../test/support/test-identity.ts'
import getStats from '../dashboard/get-stats.ts'
import createKiosk from '../kiosk/create-kiosk.ts'
import listKioskMembers from '../kiosk/list-kiosk-members.ts'
import listKiosks from '../kiosk/list-kiosks.ts'
import punch from '../kiosk/punch.ts'
import setMemberPin from '../members/set-member-pin.ts'
import updateMember from '../members/update-member.ts'
import allocationReport from '../reports/allocation-report.ts'
import getReports from '../reports/get-reports.ts'
import updateHolidays from '../organization/update-holidays.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import listPending from '../timesheets/list-pending.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import getHistory from '../timesheets/get-history.ts'
import downloadCsv from '../timesheets/download-csv.ts'
import bulkTimesheets from '../reports/bulk-timesheets.ts'
import exportPayroll from './export-payroll.ts'
import getSummary from './get-summary.ts'
import listPeriods from './list-periods.ts'

/**
 * A church with North and South: a member's weeks stay under the campus they were worked at when
 * the member moves; the payroll summary and files, the reports and the dashboard run for one campus
 * or the whole church, and the whole church's file is its campuses' files together, to the minute.
 */
const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const fetchText = async (location: string) => Buffer.from(await (await fetch(location)).arrayBuffer()).toString('utf8')
/** The Day rows of a payroll CSV: one per member-day, with its minutes as hours. */
const dayRows = (csv: string) =>
  csv
    .split(/\r?\n/)
    .filter((line) => line.startsWith('Day,'))
    .sort()

let org: Awaited<ReturnType<typeof newOrganization>>
let north: string
let south: string
let nora: Awaited<ReturnType<typeof newStaffMember>>
let sara: Awaited<ReturnType<typeof newStaffMember>>
let admin: Awaited<ReturnType<typeof newStaffMember>>
const weekAgo = (n: number) => addDays(thisWeek(), -7 * n)
const range = () => ({ from: weekAgo(3), to: addDays(thisWeek(), -1) })

const approvedWeek = async (member: { cookie: string }, weeksAgo: number, end = '17:00') => {
  const made = await callRoute(createTimesheet, {
    cookies: [member.cookie],
    body: {
      weekStartDate: weekAgo(weeksAgo),
      mondayStart: '09:00',
      mondayEnd: end,
      tuesdayStart: '09:00',
      tuesdayEnd: end,
    },
  })
  expect(made.status, made.text).toBe(200)
  await decidedThroughRoute(org.cookie, made.json.id, 'approved')
  return made.json as { id: number; campusId?: string }
}

beforeAll(async () => {
  ;({ org, north, south, southAdmin: admin, nora, sara } = await northAndSouthChurch('North Campus'))
  // Nora worked at North three weeks ago, then moved to South and worked there last week.
  const old = await approvedWeek(nora, 3)
  expect(old.campusId).toBe(north)
  const moved = await callRoute(updateMember, {
    cookies: [org.cookie],
    params: { id: nora.user.id },
    body: { campusId: south },
  })
  expect(moved.status, moved.text).toBe(200)
  const recent = await approvedWeek(nora, 1, '18:30')
  expect(recent.campusId).toBe(south)
  await approvedWeek(sara, 2, '12:15')
}, 90_000)

describe('a member moved from North to South', () => {
  it('keeps the North week under North in the payroll summary, and the new one under South', async () => {
    const summary = async (cookie: string, campusId?: string) =>
      (await callRoute(getSummary, { cookies: [cookie], query: { ...range(), ...(campusId ? { campusId } : {}) } }))
        .json.members as { employeeId: string; regularHours: number }[]
    const hoursOf = (rows: { employeeId: string; regularHours: number }[], id: string) =>
      rows.find((r) => r.employeeId === id)?.regularHours ?? 0
    const [whole, n, s, bySouthAdmin] = await Promise.all([
      summary(org.cookie),
      summary(org.cookie, north),
      summary(org.cookie, south),
      summary(admin.cookie),
    ])
    expect(hoursOf(n, nora.user.id)).toBe(16)
    expect(hoursOf(s, nora.user.id)).toBe(19)
    expect(hoursOf(whole, nora.user.id)).toBe(35)
    expect(n.map((r) => r.employeeId)).toEqual([nora.user.id])
    expect(bySouthAdmin).toEqual(s)
    // A campus admin asking for another campus gets nobody.
    expect(await summary(admin.cookie, north)).toEqual([])
  })

  it('counts each week where it was worked in the reports and the allocation report', async () => {
    const report = async (campusId?: string) =>
      (
        await callRoute(getReports, {
          cookies: [org.cookie],
          query: { start: range().from, end: range().to, ...(campusId ? { campusId } : {}) },
        })
      ).json as { employeeId: string; weekStartDate: string }[]
    expect((await report(north)).map((t) => t.weekStartDate)).toEqual([weekAgo(3)])
    expect((await report(south)).map((t) => t.weekStartDate).sort()).toEqual([weekAgo(2), weekAgo(1)].sort())
    expect(await report()).toHaveLength(3)
    const allocation = await callRoute(allocationReport, { cookies: [admin.cookie], query: range() })
    expect(allocation.status, allocation.text).toBe(200)
    expect(JSON.stringify(allocation.json)).toContain(sara.user.id)
  })
})

describe('payroll files by campus', () => {
  it('name the campus, and the whole church file is the two campus files together, to the minute', async () => {
    const file = async (campusId?: string) => {
      const res = await callRoute(exportPayroll, {
        cookies: [org.cookie],
        query: { format: 'csv', ...range(), ...(campusId ? { campusId } : {}) },
      })
      expect(res.status, res.text).toBe(302)
      const location = res.headers.location as string
      return { name: decodeURIComponent(location), text: await fetchText(location) }
    }
    const [whole, n, s] = await Promise.all([file(), file(north), file(south)])
    expect(n.name).toContain(`payroll-csv-north-campus-${range().from}-${range().to}.csv`)
    expect(s.name).toContain(`payroll-csv-south-${range().from}-${range().to}.csv`)
    expect(whole.name).toContain(`payroll-csv-${range().from}-${range().to}.csv`)
    expect(dayRows(whole.text)).toHaveLength(6)
    expect(dayRows(whole.text)).toEqual([...dayRows(n.text), ...dayRows(s.text)].sort())
    expect(n.text).not.toContain(sara.user.id)
  })

  it("name the dashboard's CSV of every week with its campus, and the whole church's as before", async () => {
    /** The file's name as saved (its Content-Disposition) and its link's, each without its date and time. */
    const names = async (cookie: string, query: Record<string, string> = {}) => {
      const res = await callRoute(bulkTimesheets, { cookies: [cookie], query })
      expect(res.status, res.text).toBe(302)
      const location = res.headers.location as string
      const saved = (await fetch(location)).headers.get('content-disposition') ?? ''
      return [
        /filename="([^"]+)"/.exec(saved)?.[1]?.replace(/\d{4}-\d{2}-\d{2}\.csv$/, '<date>.csv'),
        new URL(location).pathname
          .split('/')
          .at(-1)!
          .replace(/\d{4}-\d{2}-\d{2}T[\dZ-]+\.csv$/, '<time>.csv'),
      ]
    }
    expect(await names(org.cookie)).toEqual(['timesheets-all-<date>.csv', 'timesheets-all-<time>.csv'])
    expect(await names(org.cookie, { campusId: north })).toEqual([
      'timesheets-all-north-campus-<date>.csv',
      'timesheets-all-north-campus-<time>.csv',
    ])
    expect((await names(org.cookie, { campusId: south, status: 'approved' }))[0]).toBe(
      'timesheets-approved-south-<date>.csv',
    )
    // A campus admin's file is their campus's, asked for or not.
    expect((await names(admin.cookie))[0]).toBe('timesheets-all-south-<date>.csv')
  })
})

describe("South's dashboard and kiosk", () => {
  it("the South admin's stat row counts South only", async () => {
    const pending = await callRoute(createTimesheet, {
      cookies: [nora.cookie],
      body: { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '10:00' },
    })
    expect(pending.status).toBe(200)
    const stats = async (cookie: string, query = {}) => (await callRoute(getStats, { cookies: [cookie], query })).json
    expect(await stats(admin.cookie)).toMatchObject({ pending: 1, approvedTotal: 2, activeEmployees: 2 })
    expect(await stats(org.cookie, { campusId: north })).toMatchObject({
      pending: 0,
      approvedTotal: 1,
      activeEmployees: 0,
    })
    expect(await stats(org.cookie)).toMatchObject({ pending: 1, approvedTotal: 3, activeEmployees: 2 })
  })

  it("a South kiosk lists and punches South's members only", async () => {
    for (const [m, pin] of [
      [nora, '8052'],
      [sara, '7319'],
    ] as const) {
      const set = await callRoute(setMemberPin, { cookies: [org.cookie], params: { id: m.user.id }, body: { pin } })
      expect(set.status, set.text).toBe(200)
    }
    // Nora is at South now; move her back to North to have one member on each side.
    await callRoute(updateMember, { cookies: [org.cookie], params: { id: nora.user.id }, body: { campusId: north } })
    const browser = await sessionCookieFor({ orgId: org.organization.id, userId: admin.user.id })
    const made = await callRoute(createKiosk, { cookies: [browser], body: { name: 'South lobby' } })
    expect(made.status, made.text).toBe(201)
    expect(made.json.campusId).toBe(south)
    const kiosk = sessionOf(made.cookies)
    const listed = (await callRoute(listKioskMembers, { cookies: [kiosk] })).json as { id: string }[]
    expect(listed.map((m) => m.id)).toEqual([sara.user.id])
    const at = new Date().toISOString()
    const refused = await callRoute(punch, { cookies: [kiosk], body: { employeeId: nora.user.id, pin: '8052', at } })
    expect(refused.status, refused.text).toBe(401)
    const punched = await callRoute(punch, { cookies: [kiosk], body: { employeeId: sara.user.id, pin: '7319', at } })
    expect(punched.status, punched.text).toBe(200)
    // The whole church's kiosks list shows it; a North-only kiosk asked by the South admin is refused.
    expect(
      ((await callRoute(listKiosks, { cookies: [org.cookie] })).json as { id: string }[]).map((k) => k.id),
    ).toContain(made.json.id)
    const other = await sessionCookieFor({ orgId: org.organization.id, userId: admin.user.id })
    const northKiosk = await callRoute(createKiosk, { cookies: [other], body: { name: 'North', campusId: north } })
    expect(northKiosk.status).toBe(400)
    expect(northKiosk.json.fields).toEqual({ campusId: 'Choose one of your own campuses' })
  })
})

describe('holidays by campus', () => {
  it("pays South's own holiday to South's members only; an unknown campus is refused", async () => {
    const unknown = await callRoute(updateHolidays, {
      cookies: [org.cookie],
      body: { holidays: [{ date: weekAgo(2), name: 'Elsewhere', campusId: 'nowhere' }], blackouts: [] },
    })
    expect(unknown.status).toBe(400)
    // Both were hired well before the holiday (pay starts on the hire date).
    for (const m of [sara, nora])
      await callRoute(updateMember, {
        cookies: [org.cookie],
        params: { id: m.user.id },
        body: { hireDate: weekAgo(10) },
      })
    const saved = await callRoute(updateHolidays, {
      cookies: [org.cookie],
      body: { holidays: [{ date: weekAgo(2), name: 'South day', campusId: south }], blackouts: [] },
    })
    expect(saved.status, saved.text).toBe(200)
    const rows = (await callRoute(getSummary, { cookies: [org.cookie], query: range() })).json.members as {
      employeeId: string
      holidayHours: number
    }[]
    expect(rows.find((r) => r.employeeId === sara.user.id)?.holidayHours).toBe(8)
    expect(rows.find((r) => r.employeeId === nora.user.id)?.holidayHours ?? 0).toBe(0)
    // A campus admin keeps no church calendar.
    const byAdmin = await callRoute(updateHolidays, { cookies: [admin.cookie], body: { holidays: [], blackouts: [] } })
    expect(byAdmin.status).toBe(403)
  })
})

describe('the lists the dashboard and the Payroll page read, for one campus (?campusId=)', () => {
  it('hold the weeks worked at that campus; without it, the whole church; a campus admin asking for another, none', async () => {
    const pendingWeek = await callRoute(createTimesheet, {
      cookies: [sara.cookie],
      body: { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '10:00' },
    })
    expect(pendingWeek.status, pendingWeek.text).toBe(200)
    const ids = async (route: typeof listTimesheets | typeof listPending, cookie: string, campusId?: string) => {
      const res = await callRoute(route, { cookies: [cookie], query: campusId ? { campusId } : {} })
      expect(res.status, res.text).toBe(200)
      const items = (Array.isArray(res.json) ? res.json : res.json.items) as {
        employeeId: string
        weekStartDate: string
      }[]
      return items.map((t) => `${t.employeeId === nora.user.id ? 'nora' : 'sara'} ${t.weekStartDate}`).sort()
    }
    // Nora's North week is North's; everything else (her weeks since the move, Sara's, the kiosk's) is South's.
    const whole = await ids(listTimesheets, org.cookie)
    expect(await ids(listTimesheets, org.cookie, north)).toEqual([`nora ${weekAgo(3)}`])
    const southWeeks = await ids(listTimesheets, org.cookie, south)
    expect(southWeeks).toEqual(whole.filter((w) => w !== `nora ${weekAgo(3)}`))
    expect(southWeeks).toEqual(
      expect.arrayContaining([`nora ${weekAgo(1)}`, `sara ${weekAgo(2)}`, `sara ${thisWeek()}`]),
    )
    // The South admin reaches the weeks worked at South, asked for or not: Nora's week there too,
    // though she is back at North since the kiosk test.
    expect(await ids(listTimesheets, admin.cookie, south)).toEqual(southWeeks)
    expect(await ids(listTimesheets, admin.cookie)).toEqual(southWeeks)
    expect(await ids(listTimesheets, admin.cookie, north)).toEqual([])
    expect(await ids(listPending, org.cookie, north)).toEqual([])
    expect(await ids(listPending, org.cookie, south)).toEqual(await ids(listPending, org.cookie))
    expect(await ids(listPending, org.cookie, south)).toContain(`sara ${thisWeek()}`)
    const bad = await callRoute(listTimesheets, { cookies: [org.cookie], query: { campusId: 'North Campus' } })
    expect(bad.status).toBe(400)

    // The dashboard's CSV of every week: North's file holds Nora's North week only.
    const csv = async (campusId?: string) => {
      const res = await callRoute(bulkTimesheets, { cookies: [org.cookie], query: campusId ? { campusId } : {} })
      expect(res.status, res.text).toBe(302)
      return (await fetchText(res.headers.location as string)).split(/\r?\n/).filter((l) => l.trim()).length - 1
    }
    expect(await csv(north)).toBe(1)
    expect(await csv(south)).toBe((await csv()) - 1)

    // The Payroll page's periods: each campus's hours where they were worked, the two adding up to the church's.
    const hours = async (campusId?: string) => {
      const res = await callRoute(listPeriods, {
        cookies: [org.cookie],
        query: { count: '12', ...(campusId ? { campusId } : {}) },
      })
      expect(res.status, res.text).toBe(200)
      return (res.json.periods as { approvedHours: number }[]).reduce((a, p) => a + p.approvedHours, 0)
    }
    const [all, n, s] = [await hours(), await hours(north), await hours(south)]
    expect(n).toBe(16)
    expect(n + s).toBeCloseTo(all, 6)
    expect(s).toBeGreaterThan(19)
  })
})

describe("a campus admin's default reads after a member moved (each week where it was worked)", () => {
  /**
   * Nick worked at North (one week approved, one pending) and moved to South; Sue worked at South
   * (one week pending) and moved to North. Sol runs South.
   */
  let church: Awaited<ReturnType<typeof northAndSouthChurch>>
  let nick: Awaited<ReturnType<typeof newStaffMember>>
  let sue: Awaited<ReturnType<typeof newStaffMember>>
  let nickApproved: number
  let nickPending: number
  let suePending: number
  const week = async (member: { cookie: string }, weeksAgo: number) => {
    const made = await callRoute(createTimesheet, {
      cookies: [member.cookie],
      body: { weekStartDate: weekAgo(weeksAgo), mondayStart: '09:00', mondayEnd: '17:00' },
    })
    expect(made.status, made.text).toBe(200)
    return made.json.id as number
  }
  const move = async (id: string, campusId: string) => {
    const moved = await callRoute(updateMember, { cookies: [church.org.cookie], params: { id }, body: { campusId } })
    expect(moved.status, moved.text).toBe(200)
  }

  beforeAll(async () => {
    church = await northAndSouthChurch()
    nick = await newStaffMember(church.org.cookie, 'employee', {
      person: { firstName: 'Nick', lastName: 'North', campusId: church.north },
    })
    sue = await newStaffMember(church.org.cookie, 'employee', {
      person: { firstName: 'Sue', lastName: 'South', campusId: church.south },
    })
    nickApproved = await week(nick, 2)
    await decidedThroughRoute(church.org.cookie, nickApproved, 'approved')
    nickPending = await week(nick, 1)
    suePending = await week(sue, 1)
    await move(nick.user.id, church.south)
    await move(sue.user.id, church.north)
  }, 90_000)

  const asSol = () => [church.southAdmin.cookie]
  const whose = (id: string) => (id === nick.user.id ? 'nick' : id === sue.user.id ? 'sue' : id)

  it("lists and opens the weeks worked at the admin's campuses, not those worked elsewhere by a member now theirs", async () => {
    const listed = async (route: typeof listTimesheets | typeof listPending, campusId?: string) => {
      const res = await callRoute(route, { cookies: asSol(), query: campusId ? { campusId } : {} })
      expect(res.status, res.text).toBe(200)
      const items = (Array.isArray(res.json) ? res.json : res.json.items) as { id: number }[]
      return items.map((t) => t.id).sort()
    }
    // Sue's South week stays South's though she moved to North; Nick's North weeks are North's.
    expect(await listed(listTimesheets)).toEqual([suePending])
    expect(await listed(listTimesheets)).toEqual(await listed(listTimesheets, church.south))
    expect(await listed(listPending)).toEqual([suePending])
    expect(await listed(listPending)).toEqual(await listed(listPending, church.south))

    const history = (id: number) => callRoute(getHistory, { cookies: asSol(), params: { id: String(id) } })
    expect((await history(nickApproved)).status).toBe(404)
    expect((await history(nickPending)).status).toBe(404)
    expect((await callRoute(downloadCsv, { cookies: asSol(), params: { id: String(nickApproved) } })).status).toBe(404)
    expect((await history(suePending)).status).toBe(200)

    // The dashboard's file of every week: Sue's South week, none of Nick's North ones.
    const file = await callRoute(bulkTimesheets, { cookies: asSol(), query: {} })
    expect(file.status, file.text).toBe(302)
    const rows = (await fetchText(file.headers.location as string)).split(/\r?\n/).filter((l) => l.trim())
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(['Sue South'])
  })

  it("counts the periods' hours and pending weeks where they were worked, for a campus admin and for ?campusId=", async () => {
    const periods = async (cookies: string[], campusId?: string) => {
      const res = await callRoute(listPeriods, { cookies, query: { count: '6', ...(campusId ? { campusId } : {}) } })
      expect(res.status, res.text).toBe(200)
      const list = res.json.periods as { approvedHours: number; pending: { employeeId: string }[] }[]
      return {
        hours: list.reduce((a, p) => a + p.approvedHours, 0),
        pending: list.flatMap((p) => p.pending.map((m) => whose(m.employeeId))).sort(),
        list,
      }
    }
    const [whole, northOnly, southOnly, bySol] = await Promise.all([
      periods([church.org.cookie]),
      periods([church.org.cookie], church.north),
      periods([church.org.cookie], church.south),
      periods(asSol()),
    ])
    expect(whole.pending).toEqual(['nick', 'sue'])
    // Nick's pending week was worked at North: North lists him, though he is South's now.
    expect(northOnly.pending).toEqual(['nick'])
    expect(southOnly.pending).toEqual(['sue'])
    expect(northOnly.hours).toBe(8)
    expect(southOnly.hours).toBe(0)
    expect(bySol.list).toEqual(southOnly.list)
    expect(
      (await periods(asSol(), church.north)).list.every((p) => p.pending.length === 0 && p.approvedHours === 0),
    ).toBe(true)
  })

  it("decides the weeks worked at the admin's campuses only", async () => {
    expect((await decideThroughRoute(church.southAdmin.cookie, nickPending, 'approved')).status).toBe(404)
    const sent = await decideThroughRoute(church.southAdmin.cookie, suePending, 'rejected', 'Add Tuesday')
    expect(sent.status, sent.text).toBe(200)
  })
})
