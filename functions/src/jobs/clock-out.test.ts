import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, todayIn } from '@app/core'
import { orgDb, systemActor } from '@app/data'
import { callRoute, sessionCookieFor, sessionOf } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import createKiosk from '../kiosk/create-kiosk.ts'
import punch from '../kiosk/punch.ts'
import setAway from '../profile/set-away.ts'
import setPin from '../profile/set-pin.ts'
import saveDraft from '../timesheets/save-draft.ts'
import { runReminders } from '../workflows/reminders.ts'

const HOUR = 3_600_000
const ZONE = 'America/Chicago'
/**
 * The week before the one of the test's last run (two hours on, with room): the job looks at this
 * week and the last as of its own `now`, and a run after midnight on a Sunday is in the next week.
 */
const lastWeek = () => addDays(currentWeekStart(ZONE, 'monday', new Date(Date.now() + 3 * HOUR)), -7)
/** The clock-out emails one address got (the job may also send the week's reminders, by their own schedule). */
const clockOutMail = async (email: string) =>
  (await inbox(email)).filter((m) => /^(Still working\?|Clock-out missing: )/.test(m.subject ?? ''))
const run = (orgId: string, now: Date) => runReminders({ orgIds: [orgId], now })

// Each test runs the reminders job against the local stack's email, more than once.
describe('the forgotten clock-out', { timeout: 60_000 }, () => {
  it('asks the member once, tells the approver (their delegate while away) once an hour later, and nobody once the end is set', async () => {
    const { organization, supervisor, cookie } = await newOrganization()
    const db = orgDb(organization.id)
    const week = lastWeek()
    const [forgot, fixed, delegate] = await Promise.all([
      newStaffMember(cookie),
      newStaffMember(cookie, 'volunteer'),
      newStaffMember(cookie, 'supervisor'),
    ])
    // Last Monday's clocks were started and never stopped: far past the 10-hour limit whenever the test runs.
    for (const m of [forgot, fixed])
      expect(
        (
          await callRoute(saveDraft, {
            cookies: [m.cookie],
            body: { weekStartDate: week, mondayStart: '08:00' },
          })
        ).status,
      ).toBe(200)
    // The approver of both is away this week: their delegate is told instead (as for submissions).
    const today = todayIn(ZONE)
    const away = { from: addDays(today, -1), to: addDays(today, 2), delegateId: delegate.user.id }
    expect((await callRoute(setAway, { cookies: [cookie], body: away })).status).toBe(200)

    const now = new Date()
    const [first, second] = await Promise.all([run(organization.id, now), run(organization.id, now)])
    expect(first.failed + second.failed).toBe(0)
    const [forgotMail, fixedMail] = await Promise.all([clockOutMail(forgot.user.email), clockOutMail(fixed.user.email)])
    expect(forgotMail.map((m) => m.subject)).toEqual(['Still working?'])
    expect(fixedMail).toHaveLength(1)
    const asked = forgotMail[0]!.body.text!
    expect(asked).toContain(`has been running since 08:00 on Monday`)
    expect(asked).toContain('more than 10 hours')
    expect(asked).toContain('“I stopped at …”')
    // Nobody is told in the run that asks the member.
    expect(await clockOutMail(delegate.user.email)).toEqual([])

    // The volunteer sets the end; the other does nothing.
    const setEnd = await callRoute(saveDraft, {
      cookies: [fixed.cookie],
      body: { weekStartDate: week, mondayStart: '08:00', mondayEnd: '16:30' },
    })
    expect(setEnd.json).toMatchObject({ mondayEnd: '16:30' })

    // 59 minutes later: still nobody; an hour later: the delegate, once, about the one still missing.
    await run(organization.id, new Date(now.getTime() + HOUR - 60_000))
    expect(await clockOutMail(delegate.user.email)).toEqual([])
    await Promise.all([
      run(organization.id, new Date(now.getTime() + HOUR + 60_000)),
      run(organization.id, new Date(now.getTime() + HOUR + 60_000)),
    ])
    await run(organization.id, new Date(now.getTime() + 2 * HOUR))
    const told = await clockOutMail(delegate.user.email)
    expect(told.map((m) => m.subject)).toEqual(['Clock-out missing: Ana Silva'])
    expect(told[0]!.body.text).toContain('Nothing is trimmed automatically')
    expect(await clockOutMail(supervisor.email!)).toEqual([])
    // The member was asked once; the stored times were never touched.
    expect(await clockOutMail(forgot.user.email)).toHaveLength(1)
    const [stored] = (await db.notifications.drafts(week, week)).filter((t) => t.employeeId === forgot.user.id)
    expect(stored).toMatchObject({ mondayStart: '08:00' })
    expect(stored!.mondayEnd ?? '').toBe('')
  })

  it('does the same for a day a kiosk clocked in, at the organization’s limit', async () => {
    const { organization, supervisor, cookie } = await newOrganization()
    const db = orgDb(organization.id)
    await db.notifications.saveSettings(
      { ...(await db.notifications.settings()), forgottenTimerHours: 6 },
      systemActor('test'),
    )
    const staff = await newStaffMember(cookie)
    await callRoute(setPin, { cookies: [staff.cookie], body: { pin: '4821' } })
    const browser = await sessionCookieFor({ orgId: organization.id, userId: supervisor.id })
    const kiosk = sessionOf(
      (await callRoute(createKiosk, { cookies: [browser], body: { name: 'Front desk' } })).cookies,
    )
    const punched = await callRoute(punch, { cookies: [kiosk], body: { employeeId: staff.user.id, pin: '4821' } })
    expect(punched.json.action).toBe('in')
    const at = Date.now()
    const email = staff.user.email

    await run(organization.id, new Date(at + 5 * HOUR))
    expect(await clockOutMail(email)).toEqual([])
    await run(organization.id, new Date(at + 6 * HOUR + 60_000))
    const asked = await clockOutMail(email)
    expect(asked.map((m) => m.subject)).toEqual(['Still working?'])
    expect(asked[0]!.body.text).toContain(`since ${punched.json.time as string}`)
    expect(asked[0]!.body.text).toContain('more than 6 hours')
    await run(organization.id, new Date(at + 7 * HOUR + 2 * 60_000))
    await run(organization.id, new Date(at + 8 * HOUR))
    expect((await clockOutMail(supervisor.email!)).map((m) => m.subject)).toEqual(['Clock-out missing: Ana Silva'])
    expect(await clockOutMail(email)).toHaveLength(1)
  })
})
