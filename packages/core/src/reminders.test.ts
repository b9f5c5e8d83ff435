import { describe, expect, it } from 'vitest'
import {
  defaultNotificationSettings,
  digests,
  dueWeek,
  forgottenClockOuts,
  membersToRemind,
  notificationSettingsOf,
  reminderMoment,
  type ReminderMember,
  type SheetState,
} from './reminders.ts'

const member = (id: string, extra: Partial<ReminderMember> = {}): ReminderMember => ({
  id,
  role: 'employee',
  email: `${id}@example.org`,
  optedOut: [],
  ...extra,
})
const sheet = (employeeId: string, status: SheetState['status'], weekStartDate = '2026-11-16', id = 1) => ({
  id,
  employeeId,
  weekStartDate,
  status,
})

describe('when a reminder is due', () => {
  const chicago = { timeZone: 'America/Chicago', weekStartDay: 'monday' as const }
  const defaults = defaultNotificationSettings('monday')

  it('defaults to Friday 16:00 for staff and the next week start at 09:00 for supervisors', () => {
    expect(defaults).toMatchObject({
      remindersEnabled: true,
      staffReminder: { day: 'friday', time: '16:00' },
      supervisorDigest: { day: 'monday', time: '09:00' },
      forgottenTimerHours: 10,
    })
    expect(defaultNotificationSettings('sunday').supervisorDigest.day).toBe('sunday')
  })

  it('reminds of the finishing week on its Friday, and the digest of the finished week on the next Monday', () => {
    expect(reminderMoment('2026-11-16', defaults.staffReminder, 'America/Chicago').toISOString()).toBe(
      '2026-11-20T22:00:00.000Z',
    )
    expect(reminderMoment('2026-11-16', defaults.supervisorDigest, 'America/Chicago').toISOString()).toBe(
      '2026-11-23T15:00:00.000Z',
    )
  })

  it('is due from the moment for a day, in the organization zone, not before and not after', () => {
    const at = (iso: string) => dueWeek(defaults.staffReminder, chicago, new Date(iso))
    expect(at('2026-11-20T21:59:00Z')).toBeUndefined()
    expect(at('2026-11-20T22:00:00Z')).toBe('2026-11-16')
    // Friday 23:00 in Chicago, Saturday already in UTC: the week of Nov 16; a day later, too late.
    expect(at('2026-11-21T05:00:00Z')).toBe('2026-11-16')
    expect(at('2026-11-21T22:00:00Z')).toBeUndefined()
    const digest = (iso: string) => dueWeek(defaults.supervisorDigest, chicago, new Date(iso))
    // Monday 09:00 Chicago reminds of the week that just finished.
    expect(digest('2026-11-23T15:00:00Z')).toBe('2026-11-16')
    expect(digest('2026-11-23T14:59:00Z')).toBeUndefined()
  })

  it('counts weeks from Sunday for a Sunday-start organization', () => {
    const org = { timeZone: 'America/New_York', weekStartDay: 'sunday' as const }
    const s = defaultNotificationSettings('sunday')
    expect(dueWeek(s.staffReminder, org, new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-15')
    expect(dueWeek(s.supervisorDigest, org, new Date('2026-11-22T14:00:00Z'))).toBe('2026-11-15')
  })

  it('keeps 16:00 local across the autumn change (the week of Nov 1, 2026 in Chicago)', () => {
    // Sunday Nov 1 is the change; the week of Oct 26 ends on it, its Friday is still daylight time.
    expect(reminderMoment('2026-10-26', defaults.staffReminder, 'America/Chicago').toISOString()).toBe(
      '2026-10-30T21:00:00.000Z',
    )
    expect(reminderMoment('2026-11-02', defaults.staffReminder, 'America/Chicago').toISOString()).toBe(
      '2026-11-06T22:00:00.000Z',
    )
    expect(dueWeek(defaults.supervisorDigest, chicago, new Date('2026-11-02T15:00:00Z'))).toBe('2026-10-26')
  })
})

describe('who gets what', () => {
  const week = '2026-11-16'

  it('reminds staff with a draft or nothing, never anyone who submitted, nor who turned it off', () => {
    const members = [
      member('none'),
      member('draft', { role: 'volunteer' }),
      member('pending'),
      member('approved'),
      member('rejected'),
      member('off', { optedOut: ['reminder'] }),
      member('noemail', { email: null }),
      member('boss', { role: 'supervisor' }),
      member('boss-draft', { role: 'supervisor' }),
      member('lastweek'),
    ]
    const sheets = [
      sheet('draft', 'draft'),
      sheet('pending', 'pending'),
      sheet('approved', 'approved'),
      sheet('rejected', 'rejected'),
      sheet('boss-draft', 'draft'),
      sheet('lastweek', 'pending', '2026-11-09'),
    ]
    expect(membersToRemind(week, members, sheets).map((m) => m.id)).toEqual(['none', 'draft', 'boss-draft', 'lastweek'])
  })

  it('reminds a supervisor only when they keep time: a paid one whose draft of the week holds time', () => {
    const members = [
      member('keeps', { role: 'supervisor' }),
      member('opened', { role: 'supervisor' }),
      member('unpaid', { role: 'supervisor', unpaid: true }),
      member('never', { role: 'supervisor' }),
      member('staff-empty'),
    ]
    const sheets = [
      { ...sheet('keeps', 'draft'), holdsTime: true },
      // Opening the dashboard made this empty draft: no sign they keep hours.
      { ...sheet('opened', 'draft'), holdsTime: false },
      { ...sheet('unpaid', 'draft'), holdsTime: true },
      { ...sheet('staff-empty', 'draft'), holdsTime: false },
    ]
    expect(membersToRemind(week, members, sheets).map((m) => m.id)).toEqual(['keeps', 'staff-empty'])
  })

  it("gives each supervisor the others' pending timesheets, and no digest when none waits", () => {
    const members = [
      member('a', { role: 'supervisor' }),
      member('b', { role: 'supervisor' }),
      member('c', { role: 'supervisor', optedOut: ['digest'] }),
      member('e'),
    ]
    const pending = [sheet('e', 'pending', '2026-11-16', 3), sheet('a', 'pending', '2026-11-09', 2)]
    const out = digests(members, pending)
    expect(out.map((d) => [d.supervisor.id, d.sheets.map((s) => s.id)])).toEqual([
      ['a', [3]],
      ['b', [2, 3]],
    ])
    expect(digests(members, [sheet('a', 'pending')]).map((d) => d.supervisor.id)).toEqual(['b'])
  })

  it('gives each supervisor only what is routed to them, with a routing', () => {
    const members = [member('a', { role: 'supervisor' }), member('b', { role: 'supervisor' }), member('e')]
    const pending = [sheet('e', 'pending', '2026-11-16', 3), sheet('a', 'pending', '2026-11-09', 2)]
    // e's approver is a; a's week goes to b.
    const routed = (s: { employeeId: string }) => (s.employeeId === 'e' ? ['a'] : ['b'])
    expect(digests(members, pending, routed).map((d) => [d.supervisor.id, d.sheets.map((s) => s.id)])).toEqual([
      ['a', [3]],
      ['b', [2]],
    ])
  })

  it('finds the missing clock-outs past the limit, once per day started, in the organization zone, in editable weeks of current members', () => {
    const draft = {
      ...sheet('e', 'draft'),
      mondayStart: '08:00',
      mondayEnd: '',
      tuesdayStart: '08:00',
      tuesdayEnd: '12:00',
      wednesdayStart: '20:00',
      wednesdayEnd: '',
    }
    const members = [member('e')]
    // Wednesday Nov 18, 20:00 Chicago is 02:00 UTC on the 19th; ten hours later is 12:00 UTC.
    const at = (iso: string, sheets = [draft]) =>
      forgottenClockOuts(sheets, members, 10, 'America/Chicago', new Date(iso)).map((t) => [t.date, t.suggestedEnd])
    expect(at('2026-11-19T11:59:00Z')).toEqual([['2026-11-16', '18:00']])
    expect(at('2026-11-19T12:00:00Z')).toEqual([
      ['2026-11-16', '18:00'],
      ['2026-11-18', '06:00'],
    ])
    // A declined week is editable again (a timer may run there); a submitted one, or a removed member's, is not asked about.
    expect(at('2026-11-19T11:59:00Z', [{ ...draft, status: 'rejected' }])).toHaveLength(1)
    expect(at('2026-11-19T11:59:00Z', [{ ...draft, status: 'pending' }])).toEqual([])
    expect(forgottenClockOuts([draft], [member('other')], 10, 'UTC', new Date('2026-12-01'))).toEqual([])
  })
})

describe('the stored Notifications settings', () => {
  it('are read as saved, an older limit outside 4 to 16 hours brought into them, and the defaults when none or broken', () => {
    const saved = { ...defaultNotificationSettings('monday'), forgottenTimerHours: 12 }
    expect(notificationSettingsOf(saved, 'monday')).toEqual(saved)
    expect(notificationSettingsOf({ ...saved, forgottenTimerHours: 72 }, 'monday').forgottenTimerHours).toBe(16)
    expect(notificationSettingsOf({ ...saved, forgottenTimerHours: 1 }, 'monday')).toEqual({
      ...saved,
      forgottenTimerHours: 4,
    })
    expect(notificationSettingsOf(undefined, 'sunday')).toEqual(defaultNotificationSettings('sunday'))
    expect(notificationSettingsOf({ remindersEnabled: 'yes' }, 'monday').forgottenTimerHours).toBe(10)
  })
})
