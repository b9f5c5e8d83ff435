import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  DAYS,
  dayFields,
  localDateTime,
  Organization,
  todayIn,
  type Timesheet,
} from '@app/core'
import { sampleMemberOf, sampleOrganization, shiftEndInstant, wallClockInstant } from './sample-organization.ts'

const ZONES = ['America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/Madrid', 'Pacific/Auckland', 'UTC']

const demoAt = (now: Date, timeZone = 'America/Chicago') =>
  sampleOrganization({ name: 'Demo: Grace Community Church', members: 9, weeks: 6, demo: true, now, timeZone })

/** Every instant the sample writes (as a person would see them), with what it belongs to. */
const instantsOf = (seed: ReturnType<typeof demoAt>) => [
  ...seed.members.flatMap((m) => [m.createdAt, m.updatedAt]),
  seed.organization.createdAt,
  ...seed.timesheets.flatMap((t) => [
    t.createdAt,
    t.updatedAt,
    t.submittedAt,
    t.approvedAt,
    ...t.commentHistory.map((c) => c.at),
    ...t.approvals.map((a) => a.at),
  ]),
  ...(seed.audit ?? []).map((r) => r.at),
]

/** The instants at which each worked day of a timesheet started and ended, on the organization's clock. */
const shiftsOf = (t: Timesheet, timeZone: string) =>
  DAYS.flatMap((day, i) => {
    const f = dayFields(day)
    if (!t[f.start]) return []
    const date = addDays(t.weekStartDate, i)
    return [{ date, end: shiftEndInstant(date, t[f.start], t[f.end], timeZone) }]
  })

const checkNothingAhead = (now: Date, timeZone: string) => {
  const seed = demoAt(now, timeZone)
  const today = todayIn(timeZone, now)
  for (const at of instantsOf(seed)) if (at) expect(Date.parse(at)).toBeLessThanOrEqual(now.getTime())
  for (const t of seed.timesheets) {
    const shifts = shiftsOf(t, timeZone)
    for (const s of shifts) {
      expect(s.date <= today).toBe(true)
      expect(s.end).toBeLessThanOrEqual(now.getTime())
    }
    // Submitted after the last shift; decided after the submission.
    if (t.submittedAt) for (const s of shifts) expect(Date.parse(t.submittedAt)).toBeGreaterThan(s.end)
    if (t.approvedAt) expect(Date.parse(t.approvedAt)).toBeGreaterThan(Date.parse(t.submittedAt!))
    if (t.status !== 'draft') expect(t.submittedAt).not.toBeNull()
  }
  return seed
}

describe('the demo and sample organizations never write the future', () => {
  it('on a Thursday afternoon in Chicago: no worked day from Friday on, the current week a draft, nothing after now', () => {
    const now = new Date('2026-11-26T21:30:00Z') // Thursday 15:30 in Chicago
    const seed = checkNothingAhead(now, 'America/Chicago')
    const week = currentWeekStart('America/Chicago', 'monday', now)
    expect(week).toBe('2026-11-23')
    const current = seed.timesheets.filter((t) => t.weekStartDate === week)
    expect(current.length).toBe(8)
    for (const t of current) {
      expect(t.status).toBe('draft')
      expect(t.submittedAt).toBeNull()
      for (const day of ['friday', 'saturday', 'sunday'] as const) expect(t[dayFields(day).start]).toBe('')
    }
    // The days already over are worked, as a real week would be by Thursday.
    expect(current.some((t) => t.mondayStart !== '')).toBe(true)
    // The past weeks have every state the demo shows.
    const statuses = new Set(seed.timesheets.map((t) => t.status))
    for (const s of ['draft', 'pending', 'approved', 'rejected']) expect(statuses).toContain(s)
  })

  it('holds for any now and zone (fast-check), week starts and clock changes included', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (now, zone) => {
          checkNothingAhead(now, zone)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('early on Monday, last week is not yet decided or even submitted when its last shift has just ended', () => {
    const now = new Date('2026-11-23T07:30:00Z') // Monday 01:30 in Chicago
    const seed = checkNothingAhead(now, 'America/Chicago')
    const lastWeek = seed.timesheets.filter((t) => t.weekStartDate === '2026-11-16')
    for (const t of lastWeek) expect(['draft', 'pending']).toContain(t.status)
    expect(seed.timesheets.filter((t) => t.weekStartDate === '2026-11-23').every((t) => t.mondayStart === '')).toBe(
      true,
    )
  })

  it("the demo's history matches its data: one record per member added, timesheet created, submitted and decided", () => {
    const now = new Date('2026-11-26T21:30:00Z')
    const seed = demoAt(now)
    const audit = seed.audit ?? []
    const count = (action: string) => audit.filter((r) => r.event.action === action).length
    expect(count('member.added')).toBe(seed.members.length - 1)
    expect(count('timesheet.created')).toBe(seed.timesheets.length)
    expect(count('timesheet.submitted')).toBe(seed.timesheets.filter((t) => t.submittedAt).length)
    expect(count('timesheet.approved')).toBe(seed.timesheets.filter((t) => t.status === 'approved').length)
    expect(count('timesheet.rejected')).toBe(seed.timesheets.filter((t) => t.status === 'rejected').length)
    for (const t of seed.timesheets.filter((t) => t.submittedAt)) {
      const submitted = audit.find(
        (r) =>
          r.event.action === 'timesheet.submitted' &&
          r.event.subject.type === 'timesheet' &&
          r.event.subject.id === t.id,
      )
      expect(submitted?.at).toBe(t.submittedAt)
      expect(submitted && 'id' in submitted.actor ? submitted.actor.id : null).toBe(t.employeeId)
    }
    // Only the demo (or who asks) gets a history: the benchmark's organizations stay as they were.
    expect(sampleOrganization({ name: 'Bench', members: 3, weeks: 2, now }).audit).toEqual([])
  })

  it('reads wall clocks in the zone, across a clock change', () => {
    expect(
      localDateTime(
        new Date(wallClockInstant('2026-11-26', '15:30', 'America/Chicago')).toISOString(),
        'America/Chicago',
      ),
    ).toBe('2026-11-26 15:30')
    expect(
      localDateTime(
        new Date(wallClockInstant('2026-11-01', '09:00', 'America/Chicago')).toISOString(),
        'America/Chicago',
      ),
    ).toBe('2026-11-01 09:00')
    expect(
      localDateTime(
        new Date(wallClockInstant('2026-03-08', '18:00', 'America/Chicago')).toISOString(),
        'America/Chicago',
      ),
    ).toBe('2026-03-08 18:00')
    // An overnight shift ends on the next day.
    expect(
      localDateTime(
        new Date(shiftEndInstant('2026-11-22', '22:00', '02:00', 'America/Chicago')).toISOString(),
        'America/Chicago',
      ),
    ).toBe('2026-11-23 02:00')
  })
})

describe("a sample member's id without the sample", () => {
  it('is the id of the first member with that role that sampleOrganization makes, or none', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('supervisor' as const, 'employee' as const, 'volunteer' as const),
        (name, members, role) => {
          const sample = sampleOrganization({ name, members, weeks: 1, now: new Date('2026-11-26T21:30:00Z') })
          const first = sample.members.find((m) => m.role === role)
          expect(sampleMemberOf({ name, members }, role)).toEqual(
            first ? { id: first.id, organizationId: sample.organization.id } : undefined,
          )
        },
      ),
      { numRuns: 60 },
    )
    // The demo's two ways in: its first supervisor and its first staff member.
    const demo = demoAt(new Date('2026-11-26T21:30:00Z'))
    expect(sampleMemberOf({ name: demo.organization.name, members: 9 }, 'supervisor')?.id).toBe(demo.members[0]!.id)
    expect(sampleMemberOf({ name: demo.organization.name, members: 9 }, 'employee')?.id).toBe(demo.members[1]!.id)
    expect(sampleMemberOf({ name: 'One', members: 1 }, 'employee')).toBeUndefined()
  })
})

describe("the sample's organization", () => {
  const now = new Date('2026-11-26T21:30:00Z')
  const day = 86_400_000

  it('is a new organization on its trial up to 50 members, and on a paid Enterprise plan above', () => {
    const small = sampleOrganization({ name: 'Small', members: 50, weeks: 2, now }).organization
    expect(Organization.parse(small)).toEqual(small)
    expect(small).toMatchObject({
      plan: 'professional',
      subscriptionStatus: 'trial',
      trialEndsAt: new Date(now.getTime() + 14 * day).toISOString(),
      currentPeriodEnd: null,
      paymentMethodOnFile: false,
      stripeCustomerId: null,
      weekStartDay: 'monday',
      approvalEmails: true,
    })
    expect(small.slug).toBe(`small-${small.id.slice(0, 6)}`)
    expect([small.createdAt, small.updatedAt]).toEqual([
      new Date(now.getTime() - 4 * 7 * day).toISOString(),
      new Date(now.getTime() - 4 * 7 * day).toISOString(),
    ])
    const large = sampleOrganization({ name: 'Large', members: 51, weeks: 2, now }).organization
    expect(large).toMatchObject({
      plan: 'enterprise',
      subscriptionStatus: 'active',
      trialEndsAt: null,
      currentPeriodEnd: new Date(now.getTime() + 20 * day).toISOString(),
      paymentMethodOnFile: true,
    })
  })

  it('sends the demo no approval emails, and marks it as the demo', () => {
    const demo = demoAt(new Date('2026-11-26T21:30:00Z')).organization
    expect([demo.approvalEmails, demo.demo]).toEqual([false, true])
    expect(sampleOrganization({ name: 'Bench', members: 3, weeks: 2, now }).organization).not.toHaveProperty('demo')
  })
})
