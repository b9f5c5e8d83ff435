import { describe, expect, it, vi } from 'vitest'
import {
  addDays,
  dayOfDate,
  formatLongDate,
  kioskMessages,
  nowHHMM,
  PIN_ATTEMPTS,
  PIN_TRIVIAL_MESSAGE,
  todayIn,
  weekStartFor,
  weekTotalHours,
  zonedInstant,
  type KioskView,
  type TimesheetAnswer,
} from '@app/core'
import { orgDb } from '@app/data'
import { keys, table, type Item } from '@app/data/testing'
import { callRoute, sessionCookieFor, sessionOf } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { payrollAs } from '../../test/support/test-payroll.ts'
import { decidedThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import getUser from '../auth/get-user.ts'
import listMembers from '../members/list-members.ts'
import removeMember from '../members/remove-member.ts'
import updateMember from '../members/update-member.ts'
import setMemberPin from '../members/set-member-pin.ts'
import setPin from '../profile/set-pin.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import createKiosk from './create-kiosk.ts'
import getKiosk from './get-kiosk.ts'
import listKioskMembers from './list-kiosk-members.ts'
import listKiosks from './list-kiosks.ts'
import punch from './punch.ts'
import revokeKiosk from './revoke-kiosk.ts'

/** A supervisor's browser turned into a kiosk named `name`: its session cookie, the old one, and the kiosk. */
const kioskOf = async (orgId: string, supervisorId: string, name = 'Front desk') => {
  const browser = await sessionCookieFor({ orgId, userId: supervisorId })
  const made = await callRoute(createKiosk, { cookies: [browser], body: { name } })
  expect(made.status).toBe(201)
  const kiosk = sessionOf(made.cookies)
  expect(kiosk).not.toBe(browser)
  return { browser, kiosk, kioskView: made.json as KioskView }
}

/** An organization with a member whose PIN is 4821, and a browser turned into the kiosk 'Front desk'. */
const setup = async () => {
  const org = await newOrganization()
  const staff = await newStaffMember(org.cookie)
  expect((await callRoute(setPin, { cookies: [staff.cookie], body: { pin: '4821' } })).json).toEqual({ hasPin: true })
  return { ...org, staff, ...(await kioskOf(org.organization.id, org.supervisor.id)) }
}
const punchAt = (kiosk: string, employeeId: string, pin: string) =>
  callRoute(punch, { cookies: [kiosk], body: { employeeId, pin } })
const week = async (cookie: string) => (await callRoute(getCurrentWeek, { cookies: [cookie] })).json as TimesheetAnswer

/**
 * A punch made at `when` on the kiosk's own clock: a kiosk punches now (an `at` is only the tablet's
 * clock, within minutes), so the server's clock is set there for the call.
 */
const punchOnClock = async (when: Date, body: { employeeId: string; pin: string }, kiosk: string) => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(when)
  try {
    return await callRoute(punch, { cookies: [kiosk], body })
  } finally {
    vi.useRealTimers()
  }
}

describe('PINs', () => {
  it('takes 4 to 6 digits only, keeps only a hash, and a supervisor may set or clear one', async () => {
    const { staff, cookie, organization, supervisor } = await setup()
    for (const pin of ['123', '1234567', 'abcd', 1234])
      expect((await callRoute(setPin, { cookies: [staff.cookie], body: { pin } })).status).toBe(400)
    // Trivial and sequential PINs are refused with their own message (and key), on both routes, changing nothing.
    for (const pin of ['1234', '0000', '1111', '4321', '123456', '555555', '7890']) {
      const own = await callRoute(setPin, { cookies: [staff.cookie], body: { pin } })
      expect(own.status).toBe(400)
      expect(own.json.fields).toEqual({ pin: PIN_TRIVIAL_MESSAGE })
      expect(own.json.fieldKeys).toEqual({ pin: { key: 'pinTrivial' } })
      const bySupervisor = await callRoute(setMemberPin, {
        cookies: [cookie],
        params: { id: staff.user.id },
        body: { pin },
      })
      expect(bySupervisor.status).toBe(400)
      expect(bySupervisor.json.fields).toEqual({ pin: PIN_TRIVIAL_MESSAGE })
    }
    const stored = await table.get(keys.pin(organization.id, staff.user.id))
    expect(String(stored?.hash)).toMatch(/^scrypt\$/)
    expect((await punchAt((await kioskOf(organization.id, supervisor.id)).kiosk, staff.user.id, '4821')).status).toBe(
      200,
    )
    expect(JSON.stringify(stored)).not.toContain('4821')

    const cleared = await callRoute(setMemberPin, {
      cookies: [cookie],
      params: { id: staff.user.id },
      body: { pin: null },
    })
    expect(cleared.json).toEqual({ hasPin: false })
    expect(await table.get(keys.pin(organization.id, staff.user.id))).toBeUndefined()
    const set = await callRoute(setMemberPin, {
      cookies: [cookie],
      params: { id: staff.user.id },
      body: { pin: '790531' },
    })
    expect(set.json).toEqual({ hasPin: true })
    // Only supervisors, only their own organization's members.
    expect(
      (await callRoute(setMemberPin, { cookies: [staff.cookie], params: { id: staff.user.id }, body: { pin: '5827' } }))
        .status,
    ).toBe(403)
    const other = await newOrganization('Hope Chapel')
    expect(
      (await callRoute(setMemberPin, { cookies: [other.cookie], params: { id: staff.user.id }, body: { pin: '5827' } }))
        .status,
    ).toBe(404)
    const records = await orgDb(organization.id).audit.list({ action: 'member.pinChanged', limit: 10 })
    // The refused ones recorded nothing.
    expect(records.items.length).toBe(3)
  })
})

describe('a kiosk', () => {
  it('clocks a member in and out with their PIN, shows it on the week, and records it at the kiosk', async () => {
    const { staff, kiosk, cookie, organization, kioskView } = await setup()
    const listed = await callRoute(listKioskMembers, { cookies: [kiosk] })
    expect(listed.json).toEqual([
      { id: staff.user.id, firstName: 'Ana', lastInitial: 'S', profileImageUrl: null, clockedIn: false },
    ])

    const wrong = await punchAt(kiosk, staff.user.id, '1234')
    expect(wrong.status).toBe(401)
    expect(wrong.json.message).toBe('Wrong PIN')
    expect(wrong.cookies).toEqual([])
    expect((await week(staff.cookie)).version).toBe(0)

    const clockIn = await punchAt(kiosk, staff.user.id, '4821')
    expect(clockIn.status).toBe(200)
    expect(clockIn.json).toMatchObject({ action: 'in', firstName: 'Ana' })
    expect(clockIn.json.time).toMatch(/^\d\d:\d\d$/)
    const afterIn = await week(staff.cookie)
    const today = Object.entries(afterIn).find(([k, v]) => k.endsWith('Start') && v === clockIn.json.time)
    expect(today).toBeDefined()
    expect((await callRoute(listKioskMembers, { cookies: [kiosk] })).json[0].clockedIn).toBe(true)

    const clockOut = await punchAt(kiosk, staff.user.id, '4821')
    expect(clockOut.json).toMatchObject({ action: 'out', firstName: 'Ana' })
    const day = today![0].replace(/Start$/, '')
    const afterOut = await week(staff.cookie)
    expect(afterOut).toMatchObject({ [`${day}Start`]: clockIn.json.time, [`${day}End`]: clockOut.json.time })
    expect((await callRoute(listKioskMembers, { cookies: [kiosk] })).json[0].clockedIn).toBe(false)
    // A third punch starts another span; the first one is never overwritten.
    const third = await punchAt(kiosk, staff.user.id, '4821')
    expect(third.json).toMatchObject({ action: 'in', firstName: 'Ana' })
    expect((await week(staff.cookie))[`${day}Start` as 'mondayStart']).toBe(clockIn.json.time)

    const history = await orgDb(organization.id).audit.forTimesheet(afterIn.id)
    const punches = history.filter((r) => r.action === 'timesheet.saved')
    expect(punches.map((r) => r.actor)).toEqual(
      Array.from({ length: 3 }, () =>
        expect.objectContaining({ userId: staff.user.id, via: 'kiosk', kioskName: 'Front desk' }),
      ),
    )
    const kiosks = (await callRoute(listKiosks, { cookies: [cookie] })).json as KioskView[]
    expect(kiosks).toEqual([expect.objectContaining({ id: kioskView.id, name: 'Front desk' })])
    expect(kiosks[0]!.lastUsedAt).not.toBeNull()
  })

  it('answers 403 to every other route, the browser’s old session opens nothing, and members cannot call kiosk routes', async () => {
    const { staff, kiosk, browser, cookie } = await setup()
    for (const route of [listMembers, listTimesheets, getUser, getCurrentWeek, listKiosks]) {
      const refused = await callRoute(route, { cookies: [kiosk] })
      expect(refused.status).toBe(403)
      expect(refused.json.message).toBe('This device is a kiosk: it can only clock members in and out')
    }
    expect((await callRoute(setPin, { cookies: [kiosk], body: { pin: '5827' } })).status).toBe(403)
    expect((await callRoute(listKioskMembers, { cookies: [browser] })).status).toBe(401)
    for (const member of [cookie, staff.cookie]) {
      expect((await callRoute(listKioskMembers, { cookies: [member] })).status).toBe(403)
      expect((await punchAt(member, staff.user.id, '4821')).status).toBe(403)
    }
    expect((await callRoute(listKioskMembers)).status).toBe(401)
  })

  it('locks a member’s PIN at every kiosk for 15 minutes after five wrong PINs', async () => {
    const { staff, kiosk, organization, supervisor } = await setup()
    const { kiosk: otherKiosk } = await kioskOf(organization.id, supervisor.id, 'Kitchen')
    for (let i = 0; i < PIN_ATTEMPTS; i++) expect((await punchAt(kiosk, staff.user.id, '0000')).status).toBe(401)
    const locked = await punchAt(otherKiosk, staff.user.id, '4821')
    expect(locked.status).toBe(429)
    expect(locked.json.message).toMatch(/^Too many wrong PINs/)
    expect((await week(staff.cookie)).version).toBe(0)
    const pin = await table.get(keys.pin(organization.id, staff.user.id))
    const lockedFor = Number(pin!.lockedUntil) - Math.floor(Date.now() / 1000)
    expect(lockedFor).toBeGreaterThan(14 * 60)
    expect(lockedFor).toBeLessThanOrEqual(15 * 60)
    // Retry-After: the seconds until the stored lock ends.
    expect(Math.abs(Number(locked.headers['retry-after']) - lockedFor)).toBeLessThanOrEqual(2)
    // With two minutes of the lock left, it says two minutes: the lock's own end, not a constant.
    await table.update(keys.pin(organization.id, staff.user.id), {
      UpdateExpression: 'SET lockedUntil = :soon, windowEnds = :soon',
      ExpressionAttributeValues: { ':soon': Math.floor(Date.now() / 1000) + 120 },
    })
    const later = await punchAt(otherKiosk, staff.user.id, '4821')
    expect(later.status).toBe(429)
    expect(Number(later.headers['retry-after'])).toBeGreaterThanOrEqual(118)
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(120)
    // Fifteen minutes later (the lock and its window moved into the past), the right PIN works again.
    await table.update(keys.pin(organization.id, staff.user.id), {
      UpdateExpression: 'SET lockedUntil = :past, windowEnds = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    })
    expect((await punchAt(otherKiosk, staff.user.id, '4821')).json.action).toBe('in')
  })

  it('counts a punch at the time the kiosk made it, and refuses a time more than 5 minutes from now as bad input', async () => {
    const { staff, kiosk, organization } = await setup()
    const offlinePunch = (at: unknown) =>
      callRoute(punch, { cookies: [kiosk], body: { employeeId: staff.user.id, pin: '4821', at } })
    const zone = (await orgDb(organization.id).organization.get()).timeZone
    for (const at of [
      new Date(Date.now() + 10 * 60_000).toISOString(),
      new Date(Date.now() - 6 * 60_000).toISOString(),
      new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
      new Date(Date.now() - 6 * 24 * 60 * 60_000).toISOString(),
      'yesterday',
    ]) {
      const refused = await offlinePunch(at)
      expect(refused.status).toBe(400)
      expect(refused.json.fields).toHaveProperty('at')
      if (at !== 'yesterday') {
        expect(refused.json.message).toBe(kioskMessages.punchTime)
        expect(refused.json.key).toBe('punchTime')
      }
    }
    expect((await week(staff.cookie)).version).toBe(0)
    expect((await table.get(keys.pin(organization.id, staff.user.id)))?.tries ?? 0).toBe(0)
    // Made a minute ago (the same day, unless the test runs at midnight: then the day before, still counted then).
    const madeAt = new Date(Date.now() - 60_000)
    const made = await offlinePunch(madeAt.toISOString())
    expect(made.status).toBe(200)
    expect(made.json).toEqual({ action: 'in', time: nowHHMM(madeAt, zone), firstName: 'Ana' })
    expect(Object.values(await week(staff.cookie))).toContain(nowHHMM(madeAt, zone))
  })

  it('clocks a member in again for a second span, up to 4 spans, never overwriting one', async () => {
    const { staff, kiosk, organization } = await setup()
    const { timeZone: zone, weekStartDay } = await orgDb(organization.id).organization.get()
    // Punches a minute apart around now (the kiosk's `at` lies within 5 minutes of it); the day is
    // the first punch's, so a run across midnight is skipped rather than judged on two days.
    const start = Date.now() - 4 * 60_000
    const day0 = todayIn(zone, new Date(start))
    if (todayIn(zone, new Date(start + 9 * 60_000)) !== day0) return
    const punchOn = (minute: number) =>
      callRoute(punch, {
        cookies: [kiosk],
        body: { employeeId: staff.user.id, pin: '4821', at: new Date(start + minute * 60_000).toISOString() },
      })
    const timeOf = (minute: number) => nowHHMM(new Date(start + minute * 60_000), zone)
    const answers = []
    for (const minute of [0, 1, 2, 3]) answers.push((await punchOn(minute)).json)
    expect(answers.map((a) => `${a.action} ${a.time}`)).toEqual([
      `in ${timeOf(0)}`,
      `out ${timeOf(1)}`,
      `in ${timeOf(2)}`,
      `out ${timeOf(3)}`,
    ])
    const day = dayOfDate(day0)
    const sheet = await orgDb(organization.id).timesheets.weekOf(staff.user.id, weekStartFor(day0, weekStartDay))
    expect(sheet).toMatchObject({
      [`${day}Start`]: timeOf(0),
      [`${day}End`]: timeOf(3),
      [`${day}Spans`]: [
        { start: timeOf(0), end: timeOf(1) },
        { start: timeOf(2), end: timeOf(3) },
      ],
    })
    expect(weekTotalHours(sheet!) * 60).toBeCloseTo(2)
    for (const minute of [4, 5, 6, 7]) expect((await punchOn(minute)).status).toBe(200)
    const full = await punchOn(8)
    expect(full.status).toBe(409)
    expect(full.json.message).toBe(kioskMessages.alreadyDone)
  })

  it('ends an overnight span the next day only while its day stays within 24 hours; else clocks in that day', async () => {
    const { staff, kiosk, organization } = await setup()
    const { timeZone: zone, weekStartDay } = await orgDb(organization.id).organization.get()
    const [first, next] = [addDays(todayIn(zone), -3), addDays(todayIn(zone), -2)]
    const punchOn = async (date: string, time: string) => {
      const res = await punchOnClock(zonedInstant(date, time, zone), { employeeId: staff.user.id, pin: '4821' }, kiosk)
      expect(res.status, res.text).toBe(200)
      return `${res.json.action} ${res.json.time}`
    }
    const sheetOf = (date: string) =>
      orgDb(organization.id).timesheets.weekOf(staff.user.id, weekStartFor(date, weekStartDay))
    const daysOf = async (date: string) => (await sheetOf(date))?.[`${dayOfDate(date)}Spans`]
    expect([await punchOn(first, '06:00'), await punchOn(first, '07:00'), await punchOn(first, '22:00')]).toEqual([
      'in 06:00',
      'out 07:00',
      'in 22:00',
    ])
    // 22:00 to 12:00 the next day would end past the day's first start (06:00): the punch clocks in that day.
    expect(await punchOn(next, '12:00')).toBe('in 12:00')
    expect(await daysOf(first)).toEqual([
      { start: '06:00', end: '07:00' },
      { start: '22:00', end: '' },
    ])
    expect((await sheetOf(next))?.[`${dayOfDate(next)}Start`]).toBe('12:00')
  })

  it('ends an overnight span the next day by the first start of its day', async () => {
    const { staff, kiosk, organization } = await setup()
    const { timeZone: zone, weekStartDay } = await orgDb(organization.id).organization.get()
    const [first, next] = [addDays(todayIn(zone), -3), addDays(todayIn(zone), -2)]
    const punchOn = (date: string, time: string) =>
      punchOnClock(zonedInstant(date, time, zone), { employeeId: staff.user.id, pin: '4821' }, kiosk)
    for (const time of ['06:00', '07:00', '22:00']) expect((await punchOn(first, time)).status).toBe(200)
    expect((await punchOn(next, '05:00')).json).toMatchObject({ action: 'out', time: '05:00' })
    const sheet = await orgDb(organization.id).timesheets.weekOf(staff.user.id, weekStartFor(first, weekStartDay))
    expect(sheet?.[`${dayOfDate(first)}Spans`]).toEqual([
      { start: '06:00', end: '07:00' },
      { start: '22:00', end: '05:00' },
    ])
  })

  it('ends at once when revoked, and refuses an empty name', async () => {
    const { kiosk, cookie, kioskView, organization, supervisor } = await setup()
    const another = await sessionCookieFor({ orgId: organization.id, userId: supervisor.id })
    expect((await callRoute(createKiosk, { cookies: [another], body: { name: '  ' } })).status).toBe(400)
    const revoked = await callRoute(revokeKiosk, { cookies: [cookie], params: { id: kioskView.id } })
    expect(revoked.status).toBe(204)
    expect((await callRoute(listKioskMembers, { cookies: [kiosk] })).status).toBe(401)
    expect((await callRoute(listKiosks, { cookies: [cookie] })).json).toEqual([])
    expect((await callRoute(revokeKiosk, { cookies: [cookie], params: { id: kioskView.id } })).status).toBe(404)
  })
})

describe('a punch on a week the member can no longer change', () => {
  /** The organization's current week, and what a punch by `employeeId` must leave as it was: the week and its records. */
  const weekState = async (orgId: string, employeeId: string) => {
    const db = orgDb(orgId)
    const { timeZone, weekStartDay } = await db.organization.get()
    const current = weekStartFor(todayIn(timeZone), weekStartDay)
    const sheet = await db.timesheets.weekOf(employeeId, current)
    return { current, sheet, records: sheet ? await db.audit.forTimesheet(sheet.id) : [] }
  }
  const refusedWith = (
    res: { status: number; json: unknown },
    message: string,
    key: string,
    params?: Record<string, string>,
  ) => expect([res.status, res.json]).toEqual([409, { message, key, ...(params ? { params } : {}) }])
  /** Biweekly pay periods from `start`, and the one starting then closed by the supervisor behind `cookie`. */
  const closeTwoWeeksFrom = async (cookie: string, start: string) => {
    const payroll = payrollAs(cookie)
    await payroll.biweeklyFrom(start)
    await payroll.close(start, true)
  }
  /** The kiosk's words for a week the closed period of two weeks from `start` locks, with its dates. */
  const periodClosedAt = (res: { status: number; json: unknown }, start: string) => {
    const [from, to] = [formatLongDate(start), formatLongDate(addDays(start, 13))]
    refusedWith(
      res,
      `The pay period ${from} to ${to} is closed; ask a supervisor to reopen it if your time must change`,
      'kioskPeriodClosed',
      { start: from, end: to },
    )
  }

  it('says the week waits for approval, then that it is approved, then that its pay period is closed, writing nothing', async () => {
    const { staff, kiosk, cookie, organization } = await setup()
    const { current } = await weekState(organization.id, staff.user.id)
    const body = { weekStartDate: current, notes: 'Front desk' }
    const { id } = (await submittedThroughRoute(staff.cookie, body)).json as { id: number }
    const pending = await weekState(organization.id, staff.user.id)
    refusedWith(await punchAt(kiosk, staff.user.id, '4821'), kioskMessages.weekPending, 'kioskWeekPending')
    expect(await weekState(organization.id, staff.user.id)).toEqual(pending)

    await decidedThroughRoute(cookie, id, 'approved')
    const approved = await weekState(organization.id, staff.user.id)
    refusedWith(await punchAt(kiosk, staff.user.id, '4821'), kioskMessages.weekApproved, 'kioskWeekApproved')
    expect(await weekState(organization.id, staff.user.id)).toEqual(approved)

    // Closed, the period is what holds the week: a send back could not open it now.
    await closeTwoWeeksFrom(cookie, current)
    const closed = await weekState(organization.id, staff.user.id)
    periodClosedAt(await punchAt(kiosk, staff.user.id, '4821'), current)
    expect(await weekState(organization.id, staff.user.id)).toEqual(closed)
    expect((await callRoute(listKiosks, { cookies: [cookie] })).json[0].lastUsedAt).toBeNull()
  })

  it('says a closed pay period to a member clocked in before it closed and to one with no week yet, writing nothing', async () => {
    const { staff, kiosk, cookie, organization } = await setup()
    const other = await newStaffMember(cookie)
    expect((await callRoute(setPin, { cookies: [other.cookie], body: { pin: '7350' } })).status).toBe(200)
    expect((await punchAt(kiosk, staff.user.id, '4821')).json.action).toBe('in')
    const { current } = await weekState(organization.id, staff.user.id)
    await closeTwoWeeksFrom(cookie, current)

    const clockedIn = await weekState(organization.id, staff.user.id)
    periodClosedAt(await punchAt(kiosk, staff.user.id, '4821'), current)
    expect(await weekState(organization.id, staff.user.id)).toEqual(clockedIn)
    expect(clockedIn.sheet?.status).toBe('draft')
    periodClosedAt(await punchAt(kiosk, other.user.id, '7350'), current)
    expect((await weekState(organization.id, other.user.id)).sheet).toBeUndefined()
  })
})

describe('a kiosk whose maker stops being a supervisor', () => {
  it('is revoked with the demotion, listed no more, recorded, and stays dead when they are a supervisor again', async () => {
    const { staff, cookie, organization } = await setup()
    const second = await newStaffMember(cookie, 'supervisor')
    const { kiosk, kioskView } = await kioskOf(organization.id, second.user.id, 'Side door')
    expect((await punchAt(kiosk, staff.user.id, '4821')).status).toBe(200)
    const storedKiosk = await table.get(keys.kiosk(organization.id, kioskView.id))
    const storedSession = await table.get(keys.session(String(storedKiosk!.sidHash)))
    const roleOf = (role: 'employee' | 'supervisor') =>
      callRoute(updateMember, { cookies: [cookie], params: { id: second.user.id }, body: { role } })

    expect((await roleOf('employee')).status).toBe(200)
    expect((await punchAt(kiosk, staff.user.id, '4821')).status).toBe(401)
    const listed = (await callRoute(listKiosks, { cookies: [cookie] })).json as KioskView[]
    expect(listed.map((k) => k.id)).not.toContain(kioskView.id)
    const records = await orgDb(organization.id).audit.list({ action: 'kiosk.revoked', limit: 10 })
    expect(records.items.map((r) => r.changes?.[0]?.before)).toContain('Side door')

    expect((await roleOf('supervisor')).status).toBe(200)
    // Even with its items back as they were (a clean-up cut short), the kiosk opens nothing.
    await table.put(storedKiosk as Item)
    await table.put(storedSession as Item)
    expect((await punchAt(kiosk, staff.user.id, '4821')).status).toBe(401)
    expect((await callRoute(getKiosk, { cookies: [kiosk] })).status).toBe(401)
  })

  it('is revoked with its maker’s removal, listed no more', async () => {
    const { cookie, organization } = await setup()
    const second = await newStaffMember(cookie, 'supervisor')
    const { kioskView } = await kioskOf(organization.id, second.user.id, 'Back door')
    expect((await callRoute(removeMember, { cookies: [cookie], params: { id: second.user.id } })).status).toBe(204)
    const listed = (await callRoute(listKiosks, { cookies: [cookie] })).json as KioskView[]
    expect(listed.map((k) => k.id)).not.toContain(kioskView.id)
    expect(await table.get(keys.kiosk(organization.id, kioskView.id))).toBeUndefined()
  })
})
