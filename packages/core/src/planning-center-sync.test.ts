import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Campus } from './campus.ts'
import {
  planSync,
  syncCounts,
  uniquePeople,
  type PlanningCenterPerson,
  type SyncContext,
  type SyncedMemberView,
} from './planning-center-sync.ts'

const north: Campus = { id: 'north', name: 'North', address: '', active: true }
const south: Campus = { id: 'south', name: 'South Campus', address: '', active: true }

const member = (over: Partial<SyncedMemberView> & { id: string }): SyncedMemberView => ({
  email: `${over.id}@grace.example`,
  firstName: 'First',
  lastName: 'Last',
  department: 'Office',
  role: 'employee',
  payType: 'exempt',
  payrollId: 'P-1',
  supervisorId: 'boss',
  phone: null,
  campusId: 'north',
  planningCenterId: null,
  ...over,
})
const person = (over: Partial<PlanningCenterPerson> & { id: string }): PlanningCenterPerson => ({
  firstName: 'Pat',
  lastName: 'Lee',
  email: `pco${over.id}@grace.example`,
  campusName: 'North',
  list: 'staff',
  ...over,
})
const context = (over: Partial<SyncContext> = {}): SyncContext => ({
  members: [],
  approversById: new Map([['boss', { id: 'boss' }]]),
  campuses: [north, south],
  slots: null,
  limit: null,
  ...over,
})
const settings = { departments: { staff: 'Staff', volunteers: 'Volunteers' } }
const plan = (people: PlanningCenterPerson[], over: Partial<SyncContext> = {}) =>
  planSync(people, context(over), settings)
/** Ana, linked to Planning Center person 7 (Pat Lee there). */
const linkedAna = (over: Partial<SyncedMemberView> = {}) =>
  member({ id: 'ana', email: 'ana@grace.example', planningCenterId: '7', firstName: 'Pat', lastName: 'Lee', ...over })

describe('the Planning Center sync rule', () => {
  it('adds a new person as a new member, with the list’s role and department and their campus', () => {
    const result = plan([
      person({ id: '1', campusName: 'south campus' }),
      person({ id: '2', list: 'volunteers', email: 'V@Grace.example' }),
    ])
    expect(result.people).toEqual([
      {
        personId: '1',
        name: 'Pat Lee',
        linkTo: null,
        conflicts: [],
        decision: {
          line: 1,
          status: 'new',
          fields: {
            email: 'pco1@grace.example',
            firstName: 'Pat',
            lastName: 'Lee',
            role: 'employee',
            department: 'Staff',
            campusId: 'south',
          },
        },
      },
      {
        personId: '2',
        name: 'Pat Lee',
        linkTo: null,
        conflicts: [],
        decision: {
          line: 2,
          status: 'new',
          fields: {
            email: 'v@grace.example',
            firstName: 'Pat',
            lastName: 'Lee',
            role: 'volunteer',
            department: 'Volunteers',
            campusId: 'north',
          },
        },
      },
    ])
    expect(result.deactivate).toEqual([])
    expect(syncCounts(result)).toEqual({ new: 2, updated: 0, unchanged: 0, refused: 0, deactivated: 0 })
  })

  it('links a member found by email the first time, changing only what Planning Center owns', () => {
    const ana = linkedAna({ planningCenterId: null, firstName: 'Ana', lastName: 'Ruiz', role: 'supervisor' })
    const [one] = plan(
      [person({ id: '7', email: 'ANA@grace.example', firstName: 'Ana', lastName: 'Ruiz-Paz', campusName: 'North' })],
      { members: [ana] },
    ).people
    expect(one!.linkTo).toBe('ana')
    expect(one!.decision).toMatchObject({ status: 'updated', memberId: 'ana', changes: { lastName: 'Ruiz-Paz' } })
    // The role, department, pay, approver are never in the changes.
    expect(Object.keys((one!.decision as { changes: object }).changes)).toEqual(['lastName'])
    expect(one!.conflicts).toEqual([{ field: 'lastName', ours: 'Ruiz', theirs: 'Ruiz-Paz', won: 'planning-center' }])
  })

  it('links by Planning Center id first: a new address is the person’s, with both values shown', () => {
    const [one] = plan([person({ id: '7', email: 'ana.new@grace.example' })], { members: [linkedAna()] }).people
    expect(one).toMatchObject({
      linkTo: null,
      decision: { status: 'updated', memberId: 'ana', changes: { email: 'ana.new@grace.example' } },
      conflicts: [
        { field: 'email', ours: 'ana@grace.example', theirs: 'ana.new@grace.example', won: 'planning-center' },
      ],
    })
  })

  it('adds the new address to other changes of a linked member', () => {
    const [one] = plan([person({ id: '7', email: 'a2@grace.example' })], {
      members: [linkedAna({ firstName: 'Ana' })],
    }).people
    expect(one!.decision).toMatchObject({ status: 'updated', changes: { firstName: 'Pat', email: 'a2@grace.example' } })
    expect(one!.conflicts.map((c) => c.field)).toEqual(['firstName', 'email'])
  })

  it('is unchanged when nothing Planning Center owns differs, whatever our own fields are', () => {
    const ana = linkedAna({ email: 'pco7@grace.example', payType: 'minister' })
    const [one] = plan([person({ id: '7', list: 'volunteers' })], { members: [ana] }).people
    expect(one).toEqual({
      personId: '7',
      name: 'Pat Lee',
      linkTo: null,
      conflicts: [],
      decision: { line: 1, status: 'unchanged', memberId: 'ana' },
    })
  })

  it('keeps a linked member’s email when the person has none, and moves their campus', () => {
    const [one] = plan([person({ id: '7', email: null, campusName: 'South Campus' })], {
      members: [linkedAna()],
    }).people
    expect(one).toMatchObject({
      decision: { status: 'updated', changes: { campusId: 'south' } },
      conflicts: [{ field: 'campusId', ours: 'north', theirs: 'south', won: 'planning-center' }],
    })
  })

  it('does not move a member to a campus the approver they keep does not reach (the import’s rule)', () => {
    const approversById = new Map([['nora', { id: 'nora', campusIds: ['north'] }]])
    const [one] = plan([person({ id: '7', campusName: 'South Campus' })], {
      members: [linkedAna({ supervisorId: 'nora', email: 'pco7@grace.example' })],
      approversById,
    }).people
    expect(one).toMatchObject({ decision: { status: 'refused', reason: { key: 'approverReach' } }, conflicts: [] })
  })

  it('refuses in words what it cannot do', () => {
    const linked = member({ id: 'ana', email: 'ana@grace.example', planningCenterId: '99' })
    const bob = member({ id: 'bob', email: 'bob@grace.example' })
    const cara = member({ id: 'cara', email: 'cara@grace.example', planningCenterId: '3' })
    const { people } = plan(
      [
        person({ id: '1', email: 'ana@grace.example' }),
        person({ id: '2', email: null }),
        person({ id: '3', email: 'bob@grace.example' }),
        person({ id: '4', campusName: 'Downtown' }),
        person({ id: '5', email: 'same@grace.example', firstName: 'Uno' }),
        person({ id: '6', email: 'same@grace.example' }),
        person({ id: '99', email: 'not an email' }),
      ],
      { members: [linked, bob, cara] },
    )
    expect(
      people.map((p) => [p.personId, p.decision.status === 'refused' ? p.decision.reason.text : p.decision.status]),
    ).toEqual([
      ['1', 'ana@grace.example belongs to a member linked to another Planning Center person'],
      ['2', 'No email'],
      ['3', 'Another member here has the email bob@grace.example'],
      ['4', 'Unknown campus: "Downtown"'],
      ['5', 'new'],
      ['6', 'Uno Lee has the same email (same@grace.example)'],
      ['99', 'Bad email: "not an email"'],
    ])
    expect(people.every((p) => p.decision.status !== 'refused' || (p.linkTo === null && !p.conflicts.length))).toBe(
      true,
    )
  })

  it('deactivates linked members who left the lists, never supervisors or members never linked', () => {
    const gone = member({ id: 'gone', planningCenterId: '8', firstName: 'Gil', lastName: 'Sol' })
    const boss = member({ id: 'boss', planningCenterId: '9', role: 'supervisor', firstName: 'Bo', lastName: 'Ss' })
    const local = member({ id: 'local' })
    const stays = linkedAna({ id: 'stays', planningCenterId: '1', email: 'pco1@grace.example' })
    const result = plan([person({ id: '1' })], { members: [gone, boss, local, stays] })
    expect(result.deactivate).toEqual([{ memberId: 'gone', name: 'Gil Sol', personId: '8' }])
    expect(result.kept).toEqual([
      {
        memberId: 'boss',
        name: 'Bo Ss',
        reason: expect.objectContaining({ key: 'supervisorKept' }) as unknown,
      },
    ])
    expect(syncCounts(result)).toEqual({ new: 0, updated: 0, unchanged: 1, refused: 0, deactivated: 1 })
  })

  it('adds new members up to the plan’s room', () => {
    const { people } = plan([person({ id: '1' }), person({ id: '2' }), person({ id: '3' })], { slots: 2, limit: 5 })
    expect(people.map((p) => p.decision.status)).toEqual(['new', 'new', 'refused'])
    expect(people[2]!.decision).toMatchObject({ reason: { text: 'Over the plan’s member limit (5 members)' } })
  })

  it('counts a person on both lists once, as staff', () => {
    expect(
      uniquePeople([
        person({ id: '1', list: 'volunteers' }),
        person({ id: '1', list: 'staff', firstName: 'S' }),
        person({ id: '1', list: 'volunteers', firstName: 'V' }),
        person({ id: '2', list: 'staff' }),
        person({ id: '2', list: 'staff', firstName: 'Later' }),
      ]).map((p) => [p.id, p.list, p.firstName]),
    ).toEqual([
      ['1', 'staff', 'S'],
      ['2', 'staff', 'Pat'],
    ])
  })

  it('decides every person once and never takes one member for two people (property)', () => {
    const emails = ['a@x.example', 'b@x.example', 'c@x.example', null]
    const people = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom('1', '2', '3', '4', '5'),
        email: fc.constantFrom(...emails),
        list: fc.constantFrom('staff' as const, 'volunteers' as const),
      }),
      { selector: (p) => p.id, maxLength: 5 },
    )
    const members = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom('m1', 'm2', 'm3'),
        email: fc.constantFrom(...emails),
        planningCenterId: fc.constantFrom('1', '2', '6', null),
      }),
      { selector: (m) => m.id, maxLength: 3 },
    )
    fc.assert(
      fc.property(people, members, (ps, ms) => {
        const uniqueMs = ms.filter(
          (m, i) =>
            (m.email === null || !ms.slice(0, i).some((o) => o.email === m.email)) &&
            (m.planningCenterId === null || !ms.slice(0, i).some((o) => o.planningCenterId === m.planningCenterId)),
        )
        const result = plan(
          ps.map((p) => person(p)),
          { members: uniqueMs.map((m) => member(m)) },
        )
        expect(result.people).toHaveLength(ps.length)
        const touched = result.people.flatMap((p) =>
          p.decision.status === 'updated' || p.decision.status === 'unchanged' ? [p.decision.memberId] : [],
        )
        expect(new Set(touched).size).toBe(touched.length)
        const listed = new Set<string>(ps.map((p) => p.id))
        for (const d of result.deactivate) expect(listed.has(d.personId)).toBe(false)
      }),
    )
  })
})
