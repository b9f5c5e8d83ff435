import {
  addDays,
  currentWeekStart,
  defaultApprovalSettings,
  defaultPayrollRules,
  slugify,
  type Timesheet,
  type TimesheetStatus,
  type User,
} from '@app/core'
import { stableId, type SeedOrganization } from './seed.ts'

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
}

export const sampleOrganization = (o: SampleOptions): SeedOrganization => {
  const rnd = random(o.name)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!
  const now = o.now ?? new Date()
  const timeZone = o.timeZone ?? 'America/Chicago'
  const orgId = stableId('org', o.name)
  const created = new Date(now.getTime() - (o.weeks + 2) * 7 * 86_400_000).toISOString()
  const large = o.members > 50
  const organization: SeedOrganization['organization'] = {
    id: orgId,
    name: o.name,
    slug: `${slugify(o.name)}-${orgId.slice(0, 6)}`,
    logoUrl: null,
    domain: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    plan: large ? 'enterprise' : 'professional',
    subscriptionStatus: large ? 'active' : 'trial',
    trialEndsAt: large ? null : new Date(now.getTime() + 14 * 86_400_000).toISOString(),
    currentPeriodEnd: large ? new Date(now.getTime() + 20 * 86_400_000).toISOString() : null,
    paymentMethodOnFile: large,
    timeZone,
    weekStartDay: 'monday',
    approvalEmails: !o.demo,
    approvals: defaultApprovalSettings(),
    ...defaultPayrollRules(),
    createdAt: created,
    updatedAt: created,
    ...(o.demo ? { demo: true } : {}),
  }
  const members: User[] = Array.from({ length: Math.max(1, o.members) }, (_, i) => {
    const first = i === 0 && o.supervisor ? o.supervisor.firstName : pick(FIRST)
    const last = i === 0 && o.supervisor ? o.supervisor.lastName : pick(LAST)
    const role = i === 0 || i % 25 === 0 ? 'supervisor' : i % 4 === 0 ? 'volunteer' : 'employee'
    const local = i > 0
    const handle = `${first}.${last}`
      .normalize('NFKD')
      .replace(/[^\w.]/g, '')
      .toLowerCase()
    return {
      id: stableId(orgId, 'member', i),
      organizationId: orgId,
      email:
        i === 0 && o.supervisor ? o.supervisor.email.toLowerCase() : `${handle}${i}@${slugify(o.name)}.example.org`,
      firstName: first,
      lastName: last,
      profileImageUrl: null,
      department: role === 'supervisor' ? 'Administration' : pick(DEPARTMENTS),
      role,
      // Issue 31: each member's approver is the supervisor of their group of 25 (the first supervisor's is none).
      supervisorId: i === 0 ? null : stableId(orgId, 'member', role === 'supervisor' ? 0 : i - (i % 25)),
      username: local ? `${handle}.${orgId.slice(0, 4)}${i}` : null,
      authType: local ? 'local' : 'oidc',
      payType: 'non-exempt',
      // A stable id in the payroll system, so the sample's payroll files have every member.
      payrollId: String(100000 + i),
      language: 'en' as const,
      away: null,
      // Issue 36: sample members stand for people who confirmed their addresses.
      emailConfirmed: true,
      createdAt: created,
      updatedAt: created,
    }
  })
  const approver = members[0]!
  const thisWeek = currentWeekStart(timeZone, 'monday', now)
  const timesheets: Timesheet[] = []
  let id = 0
  for (const member of members.slice(1)) {
    for (let w = 0; w < o.weeks; w++) {
      const week = addDays(thisWeek, -7 * w)
      const status: TimesheetStatus =
        w === 0
          ? rnd() < 0.5
            ? 'draft'
            : 'pending'
          : w === 1
            ? rnd() < 0.6
              ? 'pending'
              : 'approved'
            : rnd() < 0.92
              ? 'approved'
              : 'rejected'
      const days: Record<string, string> = {}
      const workDays = member.role === 'volunteer' ? 2 : 5
      for (const day of DAYS) {
        if (rnd() < workDays / 7) {
          const [start, end] = pick(SHIFTS)
          days[`${day}Start`] = start
          days[`${day}End`] = end
          days[`${day}Activity`] = pick(ACTIVITIES)
        } else {
          days[`${day}Start`] = ''
          days[`${day}End`] = ''
          days[`${day}Activity`] = ''
        }
      }
      for (const day of DAYS) (days as Record<string, unknown>)[`${day}BreakMinutes`] = 0
      const submittedAt = status === 'draft' ? null : `${addDays(week, 6)}T18:00:00.000Z`
      const decidedAt = `${addDays(week, 8)}T15:00:00.000Z`
      const decided = status === 'approved' || status === 'rejected'
      const comment =
        status === 'rejected'
          ? 'Please add the hours for the outreach event.'
          : rnd() < 0.3
            ? 'Thank you for your work this week!'
            : ''
      timesheets.push({
        ...(days as unknown as Timesheet),
        id: ++id,
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
        createdAt: `${week}T09:00:00.000Z`,
        updatedAt: decided ? decidedAt : (submittedAt ?? `${week}T09:00:00.000Z`),
      })
    }
  }
  return { organization, members, timesheets, supervisorLogin: o.supervisor?.login }
}
