import { addDays, currentWeekStart, type Timesheet } from '@app/core'
import { sessions } from '@app/data'
import { sampleOrganization, seedOrganization, type SeedOrganization } from '@app/data/seed'
import { keys } from '@app/data/testing'
import { localSubjectFor } from '@app/local'
import { sessionCookieName } from '../../functions/src/http/cookies.ts'
import { mapLimit } from './stats.ts'

export interface DataSet {
  /** Staff with timesheets in the big organization (its supervisor is one more member). */
  bigStaff: number
  weeks: number
  smallOrgs: number
  smallMembers: number
  smallWeeks: number
  /** Pending timesheets to hold for the approve run (measured, then a warm-up on separate ones). */
  approvals: number
  approvalWarmup: number
  /** Pending timesheets the big organization holds in all (at least the approvals and their warm-up). */
  pending?: number
}

export const FULL: DataSet = {
  bigStaff: 200,
  weeks: 52,
  smallOrgs: 20,
  smallMembers: 12,
  smallWeeks: 8,
  approvals: 2000,
  approvalWarmup: 100,
}
export const QUICK: DataSet = {
  bigStaff: 19,
  // Six weeks: the payroll period (weeks 2 and 3 back) stays approved beside the held pending ones.
  weeks: 6,
  smallOrgs: 2,
  smallMembers: 4,
  smallWeeks: 3,
  approvals: 20,
  approvalWarmup: 5,
}

export interface Seeded {
  orgId: string
  /** The big organization: its first supervisor, its members and its timesheets. */
  supervisorId: string
  /** The employee whose session is `staffCookie`, and the organization's current week. */
  staffId: string
  thisWeek: string
  bigMembers: number
  bigTimesheets: number
  /** Weeks of timesheets per member of the big organization, and how many of them are pending. */
  weeks: number
  pending: number
  timesheets: number
  items: number
  seconds: number
  /** `sid=...` of the big organization's first supervisor and of one of its employees. */
  supervisorCookie: string
  staffCookie: string
  /** Distinct pending timesheet ids of the big organization, for the warm-up and the approve run. */
  warmupIds: number[]
  approveIds: number[]
  /** A timesheet key of the big organization, for the raw GetItem baseline. */
  sampleKey: { pk: string; sk: string }
  /** The report period: the four whole weeks before this one. */
  reportStart: string
  reportEnd: string
  /** The payroll benchmark's biweekly period: the third and second weeks back, every timesheet approved. */
  payrollStart: string
  payrollEnd: string
}

/**
 * Turns the oldest decided timesheets into pending ones (as if just submitted) until the
 * organization has `wanted` pending, so each approval in the run decides a different one.
 */
const holdPending = (seed: SeedOrganization, wanted: number, keep: (week: string) => boolean) => {
  let pending = seed.timesheets.filter((t) => t.status === 'pending').length
  const oldestFirst = [...seed.timesheets].sort((a, b) => a.weekStartDate.localeCompare(b.weekStartDate) || a.id - b.id)
  for (const t of oldestFirst) {
    if (pending >= wanted) break
    if (keep(t.weekStartDate)) continue
    if (t.status !== 'approved' && t.status !== 'rejected') continue
    Object.assign(t, {
      status: 'pending',
      version: 2,
      approvedBy: null,
      approvedAt: null,
      comments: null,
      commentHistory: [],
      // A new submission starts its approvals over; a first approval kept here would answer the
      // run's approval with 409 (that supervisor already approved it).
      approvals: [],
      updatedAt: t.submittedAt ?? t.updatedAt,
    } satisfies Partial<Timesheet>)
    pending++
  }
  if (pending < wanted) throw new Error(`Only ${pending} timesheets could be pending; the data set is too small`)
}

/**
 * Approves every timesheet of the payroll period's weeks (as a supervisor would before closing),
 * so the benchmark's close succeeds; seeding then stores their payroll figures.
 */
const holdApproved = (seed: SeedOrganization, inPeriod: (week: string) => boolean) => {
  const approver = seed.members[0]!
  for (const t of seed.timesheets) {
    if (!inPeriod(t.weekStartDate) || t.status === 'approved') continue
    const at = `${addDays(t.weekStartDate, 8)}T15:00:00.000Z`
    Object.assign(t, {
      status: 'approved',
      version: 3,
      approvedBy: approver.id,
      approvedAt: at,
      submittedAt: t.submittedAt ?? `${addDays(t.weekStartDate, 6)}T18:00:00.000Z`,
      updatedAt: at,
    } satisfies Partial<Timesheet>)
  }
}

const SMALL_NAMES = [
  'New Hope Fellowship',
  'Cornerstone Chapel',
  'Riverside Ministries',
  'Hillside Baptist',
  'Harvest Mission',
]

/**
 * The scale section's organization: 1,000 staff × 52 weeks (52,000 timesheets, 5,000 of them
 * pending), with no smaller ones beside it; the approve run takes as many distinct ids as FULL's.
 */
export const SCALE: DataSet = {
  bigStaff: 1000,
  weeks: 52,
  smallOrgs: 0,
  smallMembers: 0,
  smallWeeks: 0,
  approvals: FULL.approvals,
  approvalWarmup: FULL.approvalWarmup,
  pending: 5000,
}
/** --quick's scale organization: a little larger than QUICK's, so the section runs in seconds. */
export const QUICK_SCALE: DataSet = {
  bigStaff: 40,
  weeks: 6,
  smallOrgs: 0,
  smallMembers: 0,
  smallWeeks: 0,
  approvals: QUICK.approvals,
  approvalWarmup: QUICK.approvalWarmup,
  pending: 40,
}

/** Who the big organization is: the main section's (its supervisor can sign in) or the scale section's. */
export interface BigOrganization {
  name: string
  email: string
  /** Gives the supervisor a login at the local identity provider (one organization only may). */
  login: boolean
}
export const BENCH_ORGANIZATION: BigOrganization = {
  name: 'Grace Community Church (bench)',
  email: 'pastor@gracecommunity.example',
  login: true,
}
export const SCALE_ORGANIZATION: BigOrganization = {
  name: 'Grace Community Church at scale (bench)',
  email: 'pastor@gracescale.example',
  login: false,
}

/** Seeds the big organization and the small ones through the data layer's batch writes, and opens sessions. */
export const seedBench = async (
  set: DataSet,
  issuer: string,
  who: BigOrganization = BENCH_ORGANIZATION,
): Promise<Seeded> => {
  const started = performance.now()
  const { email } = who
  const big = sampleOrganization({
    name: who.name,
    members: set.bigStaff + 1,
    weeks: set.weeks,
    supervisor: {
      email,
      firstName: 'Pat',
      lastName: 'Mensah',
      ...(who.login ? { login: { issuer, subject: localSubjectFor(email) } } : {}),
    },
  })
  const thisWeekOfBig = currentWeekStart(big.organization.timeZone, big.organization.weekStartDay)
  const payrollStart = addDays(thisWeekOfBig, -21)
  const payrollEnd = addDays(thisWeekOfBig, -8)
  const inPeriod = (week: string) => week >= payrollStart && week <= addDays(payrollEnd, -6)
  holdApproved(big, inPeriod)
  holdPending(big, Math.max(set.pending ?? 0, set.approvals + set.approvalWarmup), inPeriod)
  const small = Array.from({ length: set.smallOrgs }, (_, i) =>
    sampleOrganization({
      name: `${SMALL_NAMES[i % SMALL_NAMES.length]} ${i + 1} (bench)`,
      members: set.smallMembers,
      weeks: set.smallWeeks,
    }),
  )
  let items = (await seedOrganization(big)).items
  for (const n of await mapLimit(small, 4, (s) => seedOrganization(s))) items += n.items

  const orgId = big.organization.id
  const supervisor = big.members[0]!
  const staff = big.members.find((m) => m.role === 'employee')!
  const cookie = async (userId: string) => `${sessionCookieName()}=${(await sessions.create({ userId, orgId })).sid}`
  const pending = big.timesheets.filter((t) => t.status === 'pending')
  // Each approval of the run must be one the supervisor may give: not a second of its own.
  const decidable = pending
    .filter((t) => !t.approvals.some((a) => a.approverId === supervisor.id))
    .map((t) => t.id)
    .sort((a, b) => a - b)
  if (decidable.length < set.approvalWarmup + set.approvals)
    throw new Error(`Only ${decidable.length} pending timesheets the supervisor may approve; the data set is too small`)
  const thisWeek = currentWeekStart(big.organization.timeZone, big.organization.weekStartDay)
  const first = big.timesheets[0]!
  return {
    orgId,
    supervisorId: supervisor.id,
    staffId: staff.id,
    thisWeek,
    bigMembers: big.members.length,
    bigTimesheets: big.timesheets.length,
    weeks: set.weeks,
    pending: pending.length,
    timesheets: big.timesheets.length + small.reduce((n, s) => n + s.timesheets.length, 0),
    items,
    seconds: (performance.now() - started) / 1000,
    supervisorCookie: await cookie(supervisor.id),
    staffCookie: await cookie(staff.id),
    warmupIds: decidable.slice(0, set.approvalWarmup),
    approveIds: decidable.slice(set.approvalWarmup, set.approvalWarmup + set.approvals),
    sampleKey: keys.timesheet(orgId, first.id),
    reportStart: addDays(thisWeek, -28),
    reportEnd: addDays(thisWeek, -1),
    payrollStart,
    payrollEnd,
  }
}

/** Timesheets of the big organization alone (for the table's caption). */
export const bigTimesheets = (set: DataSet) => set.bigStaff * set.weeks
