import {
  addDays,
  currentWeekStart,
  localDateTime,
  newOrganization,
  slugify,
  startOfDayIn,
  type Role,
  type Timesheet,
  type TimesheetStatus,
  type User,
} from '@app/core'
import { memberSubject } from './audit.ts'
import { stableId, type SeedAuditRecord, type SeedOrganization } from './seed.ts'

/** Realistic sample organizations for local use, the demo and the benchmark; the same name gives the same data. */
const FIRST = [
  'Grace',
  'Daniel',
  'Ruth',
  'Samuel',
  'Esther',
  'David',
  'Naomi',
  'Joseph',
  'Miriam',
  'Caleb',
  'Lydia',
  'Isaac',
  'Hannah',
  'Elijah',
  'Priscilla',
  'Jonah',
  'Abigail',
  'Micah',
  'Deborah',
  'Silas',
  'Chloe',
  'Andrés',
  'Zoë',
  'Mateo',
  'Amara',
  'Kwame',
  'Mei',
  'Olu',
  'Søren',
  'Ana',
]
const LAST = [
  'Okafor',
  'Martínez',
  'Johnson',
  'Nguyen',
  'Smith',
  'Mensah',
  'García',
  'Kim',
  'Williams',
  'Brown',
  'Osei',
  'Rossi',
  'Müller',
  'Silva',
  'Patel',
  'Cohen',
  'Lee',
  'Adeyemi',
  'Dubois',
  'Novak',
]
const DEPARTMENTS = [
  'Worship',
  'Youth',
  'Children',
  'Facilities',
  'Administration',
  'Outreach',
  'Pastoral Care',
  'Music',
  'Hospitality',
  'Media',
]
const ACTIVITIES = [
  'Sunday service setup and teardown',
  'Youth group planning and meeting',
  'Hospital and home visits',
  'Worship rehearsal',
  'Food pantry distribution',
  'Office administration and bulletins',
  'Building maintenance',
  'Sermon preparation',
  'Children’s ministry lessons',
  'Community outreach event',
  'Livestream and sound desk',
  'Small group leader training',
]
const SHIFTS: [string, string][] = [
  ['08:00', '16:30'],
  ['09:00', '17:00'],
  ['09:30', '14:00'],
  ['13:00', '21:00'],
  ['07:30', '12:00'],
  ['18:00', '21:30'],
  ['22:00', '02:00'],
]
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

const random = (seed: string) => {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 1779033703)
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface SampleOptions {
  name: string
  members: number
  weeks: number
  now?: Date
  timeZone?: string
  /** The first supervisor's email and local identity-provider login, so they can sign in. */
  supervisor?: { email: string; firstName: string; lastName: string; login?: { issuer: string; subject: string } }
  demo?: boolean
  /** Records of the sample's history for the Activity page; the demo's by default. */
  audit?: boolean
}

/** The instant (ms) of a wall-clock date and 'HH:MM' in `timeZone`. */
export const wallClockInstant = (date: string, hhmm: string, timeZone: string): number => {
  const wanted = Date.parse(`${date}T${hhmm}:00Z`)
  const guess = Date.parse(startOfDayIn(date, timeZone)) + (wanted - Date.parse(`${date}T00:00:00Z`))
  const read = Date.parse(`${localDateTime(new Date(guess).toISOString(), timeZone).replace(' ', 'T')}:00Z`)
  return guess + (wanted - read)
}

/** When a shift on `date` ends: on the next day when its end is not after its start (spec section 5). */
export const shiftEndInstant = (date: string, start: string, end: string, timeZone: string): number =>
  wallClockInstant(end <= start ? addDays(date, 1) : date, end, timeZone)

const HOUR = 3_600_000

/** The role of the sample's member at `index`: the first of every 25 supervises, every fourth of the others volunteers. */
const sampleRole = (index: number): Role =>
  index === 0 || index % 25 === 0 ? 'supervisor' : index % 4 === 0 ? 'volunteer' : 'employee'

const sampleMemberIdAt = (orgId: string, index: number) => stableId(orgId, 'member', index)

/**
 * The organization's id and the id of its first member with `role` (undefined when it has none), as
 * `sampleOrganization(o)` makes them, without making the sample: signing in to the demo once it
 * exists needs only these, and the sample's dates cost a cold start tens of milliseconds.
 */
export const sampleMemberOf = (o: Pick<SampleOptions, 'name' | 'members'>, role: Role) => {
  const orgId = stableId('org', o.name)
  for (let i = 0; i < Math.max(1, o.members); i++)
    if (sampleRole(i) === role) return { id: sampleMemberIdAt(orgId, i), organizationId: orgId }
  return undefined
}

export const sampleOrganization = (o: SampleOptions): SeedOrganization => {
  const rnd = random(o.name)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!
  const now = o.now ?? new Date()
  const timeZone = o.timeZone ?? 'America/Chicago'
  const orgId = stableId('org', o.name)
  const created = new Date(now.getTime() - (o.weeks + 2) * 7 * 86_400_000).toISOString()
  const large = o.members > 50
  // A new organization on its trial; a large one pays for Enterprise.
  const organization: SeedOrganization['organization'] = {
    ...newOrganization({
      id: orgId,
      name: o.name,
      slug: `${slugify(o.name)}-${orgId.slice(0, 6)}`,
      timeZone,
      trialEndsAt: new Date(now.getTime() + 14 * 86_400_000).toISOString(),
      now: created,
    }),
    ...(large
      ? {
          plan: 'enterprise',
          subscriptionStatus: 'active',
          trialEndsAt: null,
          currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000).toISOString(),
          paymentMethodOnFile: true,
        }
      : {}),
    approvalEmails: !o.demo,
    ...(o.demo ? { demo: true } : {}),
  }
  const members: User[] = Array.from({ length: Math.max(1, o.members) }, (_, i) => {
    const first = i === 0 && o.supervisor ? o.supervisor.firstName : pick(FIRST)
    const last = i === 0 && o.supervisor ? o.supervisor.lastName : pick(LAST)
    const role = sampleRole(i)
    const local = i > 0
    const handle = `${first}.${last}`
      .normalize('NFKD')
      .replace(/[^\w.]/g, '')
      .toLowerCase()
    return {
      id: sampleMemberIdAt(orgId, i),
      organizationId: orgId,
      email:
        i === 0 && o.supervisor ? o.supervisor.email.toLowerCase() : `${handle}${i}@${slugify(o.name)}.example.org`,
      firstName: first,
      lastName: last,
      profileImageUrl: null,
      department: role === 'supervisor' ? 'Administration' : pick(DEPARTMENTS),
      role,
      // Each member's approver is the supervisor of their group of 25 (the first supervisor's is none).
      supervisorId: i === 0 ? null : sampleMemberIdAt(orgId, role === 'supervisor' ? 0 : i - (i % 25)),
      username: local ? `${handle}.${orgId.slice(0, 4)}${i}` : null,
      authType: local ? 'local' : 'oidc',
      payType: 'non-exempt',
      // A stable id in the payroll system, so the sample's payroll files have every member.
      payrollId: String(100000 + i),
      language: 'en' as const,
      away: null,
      // Sample members stand for people who confirmed their addresses.
      emailConfirmed: true,
      unpaid: false,
      createdAt: created,
      updatedAt: created,
    }
  })
  const approver = members[0]!
  const thisWeek = currentWeekStart(timeZone, 'monday', now)
  const nowMs = now.getTime()
  const iso = (ms: number) => new Date(ms).toISOString()
  const timesheets: Timesheet[] = []
  const withAudit = o.audit ?? o.demo ?? false
  const audit: SeedAuditRecord[] = withAudit
    ? members.slice(1).map((m, i) => ({
        at: iso(Date.parse(created) + (i + 1) * 60_000),
        actor: approver,
        event: { action: 'member.added', subject: memberSubject(m) },
      }))
    : []
  let id = 0
  // Everything happened before `now` on the organization's clock: a shift is there only
  // once it has ended, a week is submitted only after its last shift, and decided after that.
  for (const member of members.slice(1)) {
    for (let w = 0; w < o.weeks; w++) {
      const week = addDays(thisWeek, -7 * w)
      const planned: TimesheetStatus =
        w === 0 ? 'draft' : w === 1 ? (rnd() < 0.6 ? 'pending' : 'approved') : rnd() < 0.92 ? 'approved' : 'rejected'
      const days: Record<string, string> = {}
      const workDays = member.role === 'volunteer' ? 2 : 5
      let lastEnd = wallClockInstant(week, '00:00', timeZone)
      DAYS.forEach((day, i) => {
        const [start, end] = rnd() < workDays / 7 ? pick(SHIFTS) : ['', '']
        const ends = start ? shiftEndInstant(addDays(week, i), start, end, timeZone) : Infinity
        const worked = ends <= nowMs
        const activity = start ? pick(ACTIVITIES) : ''
        if (worked) lastEnd = Math.max(lastEnd, ends)
        days[`${day}Start`] = worked ? start : ''
        days[`${day}End`] = worked ? end : ''
        days[`${day}Activity`] = worked ? activity : ''
      })
      for (const day of DAYS) (days as Record<string, unknown>)[`${day}BreakMinutes`] = 0
      const submitMs = Math.max(wallClockInstant(addDays(week, 6), '18:00', timeZone), lastEnd + HOUR)
      const decideMs = Math.max(wallClockInstant(addDays(week, 8), '15:00', timeZone), submitMs + HOUR)
      const createdMs = Math.min(wallClockInstant(week, '08:00', timeZone), nowMs)
      const status: TimesheetStatus =
        planned === 'draft' || submitMs > nowMs
          ? 'draft'
          : planned !== 'pending' && decideMs > nowMs
            ? 'pending'
            : planned
      const submittedAt = status === 'draft' ? null : iso(submitMs)
      const decidedAt = iso(decideMs)
      const decided = status === 'approved' || status === 'rejected'
      const comment =
        status === 'rejected'
          ? 'Please add the hours for the outreach event.'
          : rnd() < 0.3
            ? 'Thank you for your work this week!'
            : ''
      const sheetId = ++id
      timesheets.push({
        ...(days as unknown as Timesheet),
        id: sheetId,
        organizationId: orgId,
        employeeId: member.id,
        weekStartDate: week,
        notes: rnd() < 0.2 ? 'Covered an extra shift for a colleague.' : '',
        status,
        version: status === 'draft' ? 1 : decided ? 3 : 2,
        approvedBy: status === 'approved' ? approver.id : null,
        approvedAt: status === 'approved' ? decidedAt : null,
        comments: decided ? comment || null : null,
        commentHistory: decided
          ? [
              {
                status,
                comment,
                byUserId: approver.id,
                byName: `${approver.firstName} ${approver.lastName}`,
                at: decidedAt,
              },
            ]
          : [],
        approvals: status === 'approved' ? [{ approverId: approver.id, onBehalfOfId: null, at: decidedAt }] : [],
        submittedAt,
        createdAt: iso(createdMs),
        updatedAt: decided ? decidedAt : (submittedAt ?? iso(Math.max(createdMs, Math.min(lastEnd, nowMs)))),
      })
      if (!withAudit) continue
      const subject = { type: 'timesheet' as const, id: sheetId }
      audit.push({
        at: iso(createdMs),
        actor: member,
        event: {
          action: 'timesheet.created',
          subject,
          changes: [{ field: 'weekStartDate', before: null, after: week }],
        },
      })
      if (submittedAt)
        audit.push({
          at: submittedAt,
          actor: member,
          event: {
            action: 'timesheet.submitted',
            subject,
            changes: [{ field: 'status', before: 'draft', after: 'pending' }],
          },
        })
      if (decided)
        audit.push({
          at: decidedAt,
          actor: approver,
          event: {
            action: status === 'approved' ? 'timesheet.approved' : 'timesheet.rejected',
            subject,
            changes: [
              { field: 'status', before: 'pending', after: status },
              ...(comment ? [{ field: 'comments', before: null, after: comment }] : []),
            ],
          },
        })
    }
  }
  return { organization, members, timesheets, audit, supervisorLogin: o.supervisor?.login }
}
