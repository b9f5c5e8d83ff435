import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  actingFor,
  approvalStep,
  ApprovalSettings,
  Away,
  isAwayOn,
  mayChangeApprovals,
  onBehalfOf,
  reviewersOf,
  routedTo,
  waitingCount,
  waitsFor,
  type RoutingMember,
  type Roster,
} from './approvals.ts'
import { MemberUpdate } from './payroll.ts'
import { NewMember } from './member.ts'
import { anyRoster } from '../test/rosters.ts'

const TODAY = '2026-11-26'
const member = (
  id: string,
  role: RoutingMember['role'],
  supervisorId: string | null = null,
  away: Away | null = null,
) => ({ id, role, supervisorId, away }) satisfies RoutingMember
const rosterOf = (...members: RoutingMember[]): Roster => new Map(members.map((m) => [m.id, m]))
const away = (delegateId: string, from = '2026-11-20', to = '2026-11-30'): Away => ({ from, to, delegateId })
const off: ApprovalSettings = { twoStep: false, finalApproverIds: [] }

/** The issue's church: supervisors A, B, C; M1 approved by B, M2 by nobody. */
const church = (bAway: Away | null = null) =>
  rosterOf(
    member('A', 'supervisor'),
    member('B', 'supervisor', 'A', bAway),
    member('C', 'supervisor', 'A'),
    member('M1', 'employee', 'B'),
    member('M2', 'employee'),
  )

describe('routing', () => {
  it("sends a member's week to their approver, or with none to every other supervisor", () => {
    expect(reviewersOf('M1', church(), TODAY)).toEqual(['B'])
    expect(reviewersOf('M2', church(), TODAY)).toEqual(['A', 'B', 'C'])
    expect(reviewersOf('A', church(), TODAY)).toEqual(['B', 'C'])
    expect(reviewersOf('B', church(), TODAY)).toEqual(['A'])
  })

  it('sends to the delegate while the approver is away, and to the approver before and after', () => {
    expect(reviewersOf('M1', church(away('C')), TODAY)).toEqual(['C'])
    expect(reviewersOf('M1', church(away('C', '2026-11-27', '2026-11-28')), TODAY)).toEqual(['B'])
    expect(reviewersOf('M1', church(away('C', '2026-11-01', '2026-11-25')), TODAY)).toEqual(['B'])
    // Every supervisor, with the away one replaced by their delegate (once).
    expect(reviewersOf('M2', church(away('C')), TODAY)).toEqual(['A', 'C'])
    // A delegate who is no longer a supervisor is ignored.
    const roster = new Map(church(away('M2')))
    expect(reviewersOf('M1', roster, TODAY)).toEqual(['B'])
  })

  it('never asks the member about their own week, even as the delegate', () => {
    // C's approver is A; A is away with C as delegate: C's week goes to the others, never to C.
    const roster = rosterOf(
      member('A', 'supervisor', null, away('C')),
      member('B', 'supervisor', 'A'),
      member('C', 'supervisor', 'A'),
    )
    expect(reviewersOf('C', roster, TODAY)).not.toContain('C')
    // A is away (for A, C would decide): the others who are here, B.
    expect(reviewersOf('C', roster, TODAY)).toEqual(['B'])
  })

  it('ignores a removed approver or one who is no longer a supervisor', () => {
    const roster = rosterOf(
      member('A', 'supervisor'),
      { ...member('B', 'supervisor'), removed: true },
      member('M', 'employee', 'B'),
    )
    expect(reviewersOf('M', roster, TODAY)).toEqual(['A'])
    expect(
      reviewersOf(
        'M',
        rosterOf(member('A', 'supervisor'), member('B', 'employee'), member('M', 'employee', 'B')),
        TODAY,
      ),
    ).toEqual(['A'])
  })

  const ids = ['s1', 's2', 's3', 'e1', 'e2', 'e3']
  const arbitraryRoster = anyRoster(ids, 3, {
    from: ['2026-11-20', '2026-11-26'],
    to: ['2026-11-26', '2026-12-01'],
  })

  it('law: nobody is asked about their own week; everyone asked is a current supervisor; an approver means one reviewer', () => {
    fc.assert(
      fc.property(arbitraryRoster, fc.constantFrom(...ids), (roster, who) => {
        const reviewers = reviewersOf(who, roster, TODAY)
        expect(reviewers).not.toContain(who)
        for (const r of reviewers) expect(roster.get(r)).toMatchObject({ role: 'supervisor', removed: false })
        const others = [...roster.values()].filter((m) => m.role === 'supervisor' && !m.removed && m.id !== who)
        if (others.length) expect(reviewers.length).toBeGreaterThan(0)
        const approver = roster.get(who)!.supervisorId
        const approverOk =
          approver && approver !== who && roster.get(approver)?.role === 'supervisor' && !roster.get(approver)?.removed
        if (approverOk && !reviewers.includes(who)) expect(reviewers.length).toBeLessThanOrEqual(others.length)
        if (approverOk && actingFor(approver, roster, TODAY) !== who) expect(reviewers).toHaveLength(1)
      }),
    )
  })

  it("law: counting each member's pending weeks before and after a first approval finds what routing every week finds", () => {
    const sheet = fc.record({
      employeeId: fc.constantFrom(...ids),
      approvals: fc.constantFrom([], [{ approverId: ids[0]!, onBehalfOfId: null, at: TODAY }]),
    })
    const settings = fc.oneof(
      fc.constant(off),
      fc.subarray(ids, { minLength: 1 }).map((finalApproverIds) => ({ twoStep: true, finalApproverIds })),
    )
    fc.assert(
      fc.property(arbitraryRoster, fc.array(sheet, { maxLength: 12 }), settings, (roster, sheets, s) => {
        const counts = new Map<string, { awaitingFirst: number; awaitingFinal: number }>()
        for (const t of sheets) {
          const c = counts.get(t.employeeId) ?? { awaitingFirst: 0, awaitingFinal: 0 }
          c[t.approvals.length ? 'awaitingFinal' : 'awaitingFirst']++
          counts.set(t.employeeId, c)
        }
        for (const me of ids)
          expect(waitingCount(me, counts, s, roster, TODAY), me).toBe(
            sheets.filter((t) => waitsFor(me, t, s, roster, TODAY)).length,
          )
      }),
    )
  })
})

describe('delegation and the second approval', () => {
  it('knows when a delegate decides for the approver', () => {
    expect(onBehalfOf('M1', 'C', church(away('C')), TODAY)).toBe('B')
    expect(onBehalfOf('M1', 'C', church(), TODAY)).toBeNull()
    expect(onBehalfOf('M1', 'B', church(away('C')), TODAY)).toBeNull()
    expect(onBehalfOf('M2', 'C', church(away('C')), TODAY)).toBeNull()
  })

  it('takes two approvals with twoStep on: the first leaves it pending, a final approver finishes it', () => {
    const twoStep: ApprovalSettings = { twoStep: true, finalApproverIds: ['A'] }
    const step = (deciderId: string, approvals: number, settings = twoStep, memberId = 'M1') =>
      approvalStep({
        memberId,
        deciderId,
        onBehalfOfId: null,
        settings,
        roster: church(),
        approvals: Array.from({ length: approvals }, () => ({ approverId: 'B', onBehalfOfId: null, at: '' })),
      })
    expect(step('B', 0, off)).toBe('final')
    expect(step('B', 0)).toBe('first')
    expect(step('A', 1)).toBe('final')
    expect(step('C', 1)).toBe('waiting')
    // A final approver who is also the member's approver approves in one step.
    expect(step('A', 0, twoStep, 'B')).toBe('final')
    // The only final approver's own week takes one approval.
    expect(step('B', 0, twoStep, 'A')).toBe('final')
    // Once the first approval is in, the timesheet waits for the final approvers only.
    const sheet = { employeeId: 'M1', approvals: [{ approverId: 'B', onBehalfOfId: null, at: '' }] }
    expect(routedTo(sheet, twoStep, church(), TODAY)).toEqual(['A'])
    expect(waitsFor('A', sheet, twoStep, church(), TODAY)).toBe(true)
    expect(waitsFor('B', sheet, twoStep, church(), TODAY)).toBe(false)
  })

  it('never takes two approvals from one person, nor from a delegate and whom they decide for', () => {
    const twoStep: ApprovalSettings = { twoStep: true, finalApproverIds: ['A', 'B'] }
    const by = (approverId: string, onBehalfOfId: string | null = null) => [{ approverId, onBehalfOfId, at: '' }]
    const step = (
      deciderId: string,
      approvals: ReturnType<typeof by>,
      onBehalfOfId: string | null = null,
      settings = twoStep,
    ) => approvalStep({ memberId: 'M1', deciderId, onBehalfOfId, settings, roster: church(), approvals })
    // B gave the first approval and has since been named a final approver: refused, A may finish it.
    expect(step('B', by('B'))).toBe('repeat')
    expect(step('A', by('B'))).toBe('final')
    // Nor after the second approval was turned off since.
    expect(step('B', by('B'), null, off)).toBe('repeat')
    // C decided for B (away) first; B, and C deciding for B again, are the same approval.
    expect(step('B', by('C', 'B'))).toBe('repeat')
    expect(step('C', by('C', 'B'))).toBe('repeat')
    expect(step('C', by('B'), 'B')).toBe('repeat')
    expect(step('A', by('C', 'B'))).toBe('final')
  })

  it('lets only a current final approver change the second approval while it is on; anyone while off', () => {
    const supervisors = new Set(['A', 'B', 'C'])
    const on: ApprovalSettings = { twoStep: true, finalApproverIds: ['A'] }
    expect(mayChangeApprovals('A', on, supervisors)).toBe(true)
    expect(mayChangeApprovals('B', on, supervisors)).toBe(false)
    expect(['A', 'B', 'C'].map((id) => mayChangeApprovals(id, off, supervisors))).toEqual([true, true, true])
    // Ids kept from when it was on do not count while it is off.
    expect(mayChangeApprovals('B', { twoStep: false, finalApproverIds: ['A'] }, supervisors)).toBe(true)
    // A final approver who is no longer a supervisor leaves it to every supervisor (nobody is locked out).
    expect(mayChangeApprovals('B', on, new Set(['B', 'C']))).toBe(true)
  })

  it('shows the away approver and their delegate the same week as waiting', () => {
    const sheet = { employeeId: 'M1', approvals: [] }
    expect(['A', 'B', 'C'].map((id) => waitsFor(id, sheet, off, church(away('C')), TODAY))).toEqual([false, true, true])
    expect(['A', 'B', 'C'].map((id) => waitsFor(id, sheet, off, church(), TODAY))).toEqual([false, true, false])
  })
})

describe('requests', () => {
  it('reads and refuses away dates', () => {
    expect(isAwayOn(away('C'), TODAY)).toBe(true)
    expect(isAwayOn(away('C', TODAY, TODAY), TODAY)).toBe(true)
    expect(isAwayOn(null, TODAY)).toBe(false)
    expect(Away.safeParse({ from: '2026-11-26', to: '2026-11-25', delegateId: 'C' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'The last day away must be on or after the first',
    })
    expect(Away.safeParse({ from: '2026-02-30', to: '2026-03-01', delegateId: 'C' }).success).toBe(false)
    expect(Away.safeParse({ from: '2026-11-26', to: '2026-11-26' }).success).toBe(false)
  })

  it('takes an approver id or null, and keeps the spec calls without one', () => {
    expect(MemberUpdate.parse({})).toEqual({})
    expect(MemberUpdate.parse({ supervisorId: null })).toEqual({ supervisorId: null })
    expect(MemberUpdate.safeParse({ supervisorId: 5 }).error?.issues[0]?.path).toEqual(['supervisorId'])
    expect(MemberUpdate.safeParse({ supervisorId: '' }).success).toBe(false)
    const spec = { email: 'a@b.org', firstName: 'A', lastName: 'B', department: 'Youth', role: 'employee' }
    expect(NewMember.parse(spec)).not.toHaveProperty('supervisorId')
  })

  it('needs a final approver when twoStep is on', () => {
    expect(ApprovalSettings.safeParse({ twoStep: true, finalApproverIds: [] }).success).toBe(false)
    expect(ApprovalSettings.parse({ twoStep: false })).toEqual({ twoStep: false, finalApproverIds: [] })
  })
})
