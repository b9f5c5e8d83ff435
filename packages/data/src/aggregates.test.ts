import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  AppError,
  Timesheet,
  TimesheetDays,
  User,
  waitingCount,
  waitsFor,
  type Role,
  type RoutingMember,
} from '@app/core'
import { aggregateHead, aggregatesFrom, type Aggregates } from './aggregates.ts'
import { keys } from './keys.ts'
import { orgDb } from './org-db.ts'
import { sampleOrganization } from './sample-organization.ts'
import { seedOrganization } from './seed.ts'
import { system } from './system.ts'
import { table } from './table.ts'

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16']
const STAFF = 3

/** What the aggregates must be: computed from every timesheet and member item of the organization. */
const truth = async (orgId: string): Promise<Aggregates> => {
  const all = (prefix: string) => table.queryPrefix(keys.orgPk(orgId), prefix)
  const [sheets, members] = await Promise.all([all(keys.timesheetsPrefix), all(keys.usersPrefix)])
  return aggregatesFrom(
    sheets.map((i) => Timesheet.parse(i)),
    members.map((i) => ({ ...User.parse(i), removedAt: i.removedAt })),
  )
}

/** A week with `minutes` worked on Monday (and a note, so every save changes something). */
const daysWith = (minutes: number): TimesheetDays => {
  const days = Object.fromEntries(
    TimesheetDays.keyof()
      .options.filter((f) => !f.endsWith('Allocations') && f !== 'weekAllocationPercent')
      .map((f) => [f, f.endsWith('BreakMinutes') ? 0 : '']),
  ) as unknown as TimesheetDays
  const end = 8 * 60 + minutes
  return {
    ...days,
    mondayStart: '08:00',
    mondayEnd: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
    notes: `${minutes} minutes`,
  }
}

const member = fc.integer({ min: 0, max: STAFF - 1 })
const week = fc.constantFrom(...WEEKS)
/** The day "Waiting for me" is asked (time away covering it or not). */
const TODAY = '2026-11-20'
const operation = fc.oneof(
  fc.record({ op: fc.constant('create' as const), member, week }),
  fc.record({ op: fc.constant('save' as const), member, week, minutes: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ op: fc.constant('submit' as const), member, week, minutes: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const), member, week }),
  // A supervisor sending an approved week back for correction.
  fc.record({ op: fc.constant('sendBack' as const), member, week }),
  // The second supervisor's approval of a two-step organization's week: its first approval.
  fc.record({ op: fc.constant('first' as const), member, week }),
  fc.record({ op: fc.constant('approver' as const), member, approver: fc.constantFrom(0, 1, null) }),
  fc.record({ op: fc.constant('remove' as const), member }),
  fc.record({ op: fc.constant('rename' as const), member, name: fc.constantFrom('Ana', 'Bo', 'Zoë') }),
  // A staff member made supervisor (their own weeks then route by them) or staff again.
  fc.record({
    op: fc.constant('role' as const),
    member,
    role: fc.constantFrom<Role>('employee', 'volunteer', 'supervisor'),
  }),
  // A supervisor's time away (today or another week) with the other as delegate, or its end: delegation.
  fc.record({
    op: fc.constant('away' as const),
    supervisor: fc.constantFrom(0, 1),
    when: fc.constantFrom('today' as const, 'later' as const, null),
  }),
  // The second supervisor made staff (their members' approver cleared after) and supervisor again.
  fc.record({ op: fc.constant('secondRole' as const), role: fc.constantFrom<Role>('employee', 'supervisor') }),
)
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never

describe('maintained aggregates', () => {
  it('equal a rebuild from the timesheets and members after any run of operations, "Waiting for me" a recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (ops) => {
        const { user: supervisor, organization } = await system.createSupervisorWithOrganization({
          issuer: 'https://aggregates-test',
          subject: randomUUID(),
          email: null,
          firstName: 'Sam',
          lastName: 'Super',
          profileImageUrl: null,
          timeZone: 'UTC',
        })
        const db = orgDb(organization.id)
        const second = await db.members.add(
          {
            email: `fay-${randomUUID().slice(0, 8)}@example.org`,
            firstName: 'Fay',
            lastName: 'Final',
            department: 'Office',
            role: 'supervisor',
          },
          `agg-${randomUUID().slice(0, 8)}`,
          null,
          supervisor,
        )
        const supervisors = [supervisor, second]
        const settings = await db.organization.setApprovals(
          { twoStep: true, finalApproverIds: [supervisor.id] },
          supervisor,
        )
        const staff: User[] = []
        for (let i = 0; i < STAFF; i++) {
          const n = randomUUID().slice(0, 8)
          staff.push(
            await db.members.add(
              {
                email: `${n}@example.org`,
                firstName: `Staff${i}`,
                lastName: 'Member',
                department: 'Music',
                role: 'employee',
              },
              `agg-${n}`,
              null,
              supervisor,
            ),
          )
        }
        const sheetOf = (m: number, w: string) => db.timesheets.getOrCreate(staff[m]!, w)
        const apply = async (o: Operation) => {
          const person = 'member' in o ? staff[o.member]! : supervisor
          switch (o.op) {
            case 'create':
              return db.timesheets.getOrCreate(person, o.week)
            case 'save':
              return db.timesheets.saveDays((await sheetOf(o.member, o.week)).id, person, daysWith(o.minutes))
            case 'submit':
              return db.timesheets.submit(await sheetOf(o.member, o.week), person, { days: daysWith(o.minutes) })
            case 'first':
              return db.timesheets.decide(await sheetOf(o.member, o.week), second, 'approved', '', undefined, {
                firstOfTwo: true,
              })
            case 'approver':
              return db.members.update(
                person.id,
                { supervisorId: o.approver === null ? null : supervisors[o.approver]!.id },
                supervisor,
              )
            case 'approve':
            case 'reject':
              return db.timesheets.decide(
                await sheetOf(o.member, o.week),
                supervisor,
                o.op === 'approve' ? 'approved' : 'rejected',
                '',
              )
            case 'sendBack':
              return db.timesheets.sendBack(await sheetOf(o.member, o.week), supervisor, 'Fix Monday')
            case 'remove':
              return db.members.remove(person.id, supervisor)
            case 'rename':
              return db.members.update(person.id, { firstName: o.name }, supervisor)
            case 'role':
              return db.members.update(person.id, { role: o.role }, supervisor)
            case 'away': {
              const [who, delegate] = o.supervisor ? [second, supervisor] : [supervisor, second]
              const from = o.when === 'today' ? '2026-11-16' : '2026-12-07'
              const away = o.when === null ? null : { from, to: addDays(from, 6), delegateId: delegate.id }
              return db.members.setAway(who.id, away, who)
            }
            case 'secondRole':
              return db.members.update(second.id, { role: o.role }, supervisor)
          }
        }
        for (const o of ops) {
          // Refusals (a decided or locked timesheet, a removed member) are part of the model.
          await apply(o).catch((e: unknown) => {
            if (!(e instanceof AppError)) throw e
          })
        }
        const expected = await truth(organization.id)
        expect(await db.aggregates.stored()).toEqual(expected)
        const summary = await db.aggregates.summary()
        expect(summary.counts).toEqual(expected.counts)
        expect(summary.activeStaff).toBe(
          Object.values(expected.directory).filter((m) => !m.removed && m.role !== 'supervisor').length,
        )
        // "Waiting for me" from the counts equals routing every pending timesheet, for each member:
        // from each member's counts and the directory, and from the counts by approver (the stat row's).
        const roster = new Map<string, RoutingMember>([...summary.directory].map(([id, e]) => [id, { id, ...e }]))
        const pending = await db.timesheets.all('pending')
        const { waiting } = await db.aggregates.statRow(WEEKS[0]!)
        const pendingByMember = await db.aggregates.pendingByMember()
        for (const me of [...supervisors, ...staff]) {
          const recount = pending.filter((t) => waitsFor(me.id, t, settings, roster, TODAY)).length
          expect(waitingCount(me.id, pendingByMember, settings, roster, TODAY)).toBe(recount)
          expect(waitingCount(me.id, waiting.pending, settings, waiting.roster, TODAY)).toBe(recount)
        }
      }),
      {
        numRuns: 20,
        // Always among the runs: a member with pending weeks re-routed (a new approver, none, their
        // approver made staff and supervisor again), a supervisor's own weeks, and a delegation.
        examples: [
          [
            [
              { op: 'submit', member: 0, week: WEEKS[0]!, minutes: 60 },
              { op: 'submit', member: 1, week: WEEKS[1]!, minutes: 90 },
              { op: 'first', member: 1, week: WEEKS[1]! },
              { op: 'approver', member: 0, approver: 1 },
              { op: 'approver', member: 1, approver: 1 },
              { op: 'away', supervisor: 1, when: 'today' },
              { op: 'secondRole', role: 'employee' },
              { op: 'secondRole', role: 'supervisor' },
              { op: 'submit', member: 2, week: WEEKS[2]!, minutes: 30 },
              { op: 'role', member: 2, role: 'supervisor' },
              { op: 'approver', member: 2, approver: 1 },
              { op: 'approver', member: 0, approver: null },
              { op: 'remove', member: 1 },
            ],
          ],
          [
            [
              { op: 'approver', member: 0, approver: 1 },
              { op: 'submit', member: 0, week: WEEKS[0]!, minutes: 60 },
              { op: 'approver', member: 2, approver: 0 },
              { op: 'submit', member: 2, week: WEEKS[0]!, minutes: 60 },
              { op: 'first', member: 2, week: WEEKS[0]! },
              { op: 'approver', member: 1, approver: 1 },
              { op: 'submit', member: 1, week: WEEKS[1]!, minutes: 60 },
              { op: 'approve', member: 1, week: WEEKS[1]! },
            ],
          ],
        ],
      },
    )
  }, 120_000)

  it('are computed for an organization made before them, and the rebuild stores them', async () => {
    // The sample's statuses follow its name: one with a week waiting for its approver (about one
    // name in sixteen has none, which once failed the stat row's check below).
    const sample = () =>
      sampleOrganization({ name: `Before Aggregates ${randomUUID().slice(0, 6)}`, members: 4, weeks: 3 })
    let seed = sample()
    while (!seed.timesheets.some((t) => t.status === 'pending')) seed = sample()
    await seedOrganization(seed)
    const orgId = seed.organization.id
    const expected = await truth(orgId)
    // As an organization from an older version: plain counts, no week items, no directory.
    const stored = await table.queryPrefix(keys.orgPk(orgId), 'STATS#')
    for (const item of stored) await table.delete({ pk: String(item.pk), sk: String(item.sk) })
    await table.put({ ...aggregateHead(orgId, expected), aggregates: undefined, pending: 99 })

    const db = orgDb(orgId)
    const before = await db.aggregates.summary()
    expect(before.counts).toEqual(expected.counts)
    expect(Object.fromEntries(before.directory)).toEqual(expected.directory)
    const [someWeek, itsStats] = Object.entries(expected.weeks)[0]!
    expect(await before.week(someWeek)).toEqual(itsStats)
    // The stat row too: computed from the timesheets and members (no routing item, no counter in the head).
    const row = await db.aggregates.statRow(someWeek)
    expect({ counts: row.counts, activeStaff: row.activeStaff, week: row.week }).toEqual({
      counts: expected.counts,
      activeStaff: expected.activeStaff,
      week: itsStats,
    })
    expect(row.waiting.pending.length).toBeGreaterThan(0)

    // The job's path: `npm run job -- rebuild-aggregates <orgId>`.
    expect(await system.organizations.rebuildAggregates([orgId])).toEqual({ organizations: 1 })
    expect(await db.aggregates.stored()).toEqual(expected)
    expect((await db.aggregates.summary()).counts).toEqual(expected.counts)
    expect(await db.aggregates.statRow(someWeek)).toEqual(row)
  })
})
