import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CAMPUS_ID_MESSAGE,
  CAMPUS_ID_TWICE,
  CAMPUS_NAME_TWICE,
  CAMPUS_REQUIRED_MESSAGE,
  CAMPUS_SCOPE_MESSAGE,
  CAMPUS_UNKNOWN_ID,
  CAMPUS_UNKNOWN_MESSAGE,
  CampusesUpdate,
  CampusId,
  CampusScope,
  campusesUpdateProblem,
  campusFilePart,
  campusesFilePart,
  campusFilter,
  CampusChoice,
  campusHasMembersMessage,
  campusScopeProblem,
  holidayApplies,
  holidaysFor,
  inCampuses,
  inScope,
  approverReachCheck,
  approverReaches,
  reachCovers,
  isCampusId,
  MAX_CAMPUSES,
  MEMBERS_START_AT_MESSAGE,
  memberCampusProblem,
  NO_CAMPUSES_MESSAGE,
  removedCampuses,
  startingCampus,
  weekCampus,
  weekInScope,
  wholeChurch,
  type Campus,
} from './campus.ts'
import { MemberUpdate } from './payroll.ts'
import { NewMember } from './member.ts'

const north: Campus = { id: 'north', name: 'North', address: '1 North Rd', active: true }
const south: Campus = { id: 'south', name: 'South', address: '', active: true }
const camp: Campus = { id: 'camp', name: 'Camp', address: '', active: false }
const issues = (body: unknown) =>
  (CampusesUpdate.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message])

describe('the campus list', () => {
  it('takes names and addresses trimmed, ids as the server gives them', () => {
    expect(
      CampusesUpdate.parse({ campuses: [{ name: ' North ', address: ' 1 Rd ', active: true }, { ...south }] }),
    ).toEqual({ campuses: [{ name: 'North', address: '1 Rd', active: true }, south] })
    expect(CampusId.safeParse('North').error?.issues[0]?.message).toBe(CAMPUS_ID_MESSAGE)
    expect(CampusId.safeParse('a'.repeat(41)).success).toBe(false)
    expect(CampusId.safeParse('a'.repeat(40)).success).toBe(true)
    expect(CampusId.safeParse('').success).toBe(false)
  })

  it('refuses a name twice (any case), an id twice, a blank or long name, and too many', () => {
    expect(
      issues({
        campuses: [
          { name: 'North', address: '', active: true },
          { name: ' north', address: '', active: true },
        ],
      }),
    ).toEqual([['campuses.1.name', CAMPUS_NAME_TWICE]])
    expect(issues({ campuses: [north, { ...south, id: 'north' }] })).toEqual([['campuses.1.id', CAMPUS_ID_TWICE]])
    expect(issues({ campuses: [{ ...north, name: ' ' }] })).toEqual([['campuses.0.name', 'Campus name is required']])
    expect(issues({ campuses: [{ ...north, name: 'x'.repeat(81) }] })).toEqual([
      ['campuses.0.name', 'Campus name must be at most 80 characters'],
    ])
    expect(issues({ campuses: [{ ...north, address: 'x'.repeat(201) }] })).toEqual([
      ['campuses.0.address', 'Address must be 200 characters or fewer'],
    ])
    const many = Array.from({ length: MAX_CAMPUSES + 1 }, (_, i) => ({ name: `C${i}`, address: '', active: true }))
    expect(issues({ campuses: many })).toEqual([['campuses', 'At most 50 campuses']])
    expect(issues({ campuses: many.slice(1) })).toEqual([])
    expect(issues({ campuses: 'North' })).toEqual([['campuses', 'campuses must be a list']])
  })

  it('names only stored campuses, and says which it leaves out', () => {
    const next = CampusesUpdate.parse({ campuses: [south, { name: 'East', address: '', active: true }] })
    expect(campusesUpdateProblem([north, south], next)).toBeUndefined()
    expect(removedCampuses([north, south], next)).toEqual([north])
    expect(removedCampuses([south], next)).toEqual([])
    expect(campusesUpdateProblem([north], next)).toBe(CAMPUS_UNKNOWN_ID)
  })

  it('starts the members without a campus at the active campus named (any case), else the first active one', () => {
    expect(startingCampus([camp, north, south])).toBe(north)
    expect(startingCampus([camp, north, south], ' SOUTH')).toBe(south)
    expect(startingCampus([camp, north, south], 'Camp')).toBeUndefined()
    expect(startingCampus([camp, north], 'East')).toBeUndefined()
    expect(startingCampus([camp])).toBeUndefined()
    expect(startingCampus([])).toBeUndefined()
  })

  it('takes membersStartAt trimmed when it names an active campus of the list, and refuses any other', () => {
    const list = [{ name: 'North', address: '', active: true }, { ...camp }]
    expect(CampusesUpdate.parse({ campuses: list, membersStartAt: ' north ' }).membersStartAt).toBe('north')
    expect(CampusesUpdate.parse({ campuses: list })).not.toHaveProperty('membersStartAt')
    for (const membersStartAt of ['Camp', 'East', ' ', 'x'.repeat(81), 3])
      expect(issues({ campuses: list, membersStartAt })).toEqual([['membersStartAt', MEMBERS_START_AT_MESSAGE]])
    expect(
      issues({ campuses: [{ name: 'N'.repeat(80), address: '', active: true }], membersStartAt: 'n'.repeat(80) }),
    ).toEqual([])
  })

  it('names how many members a removal would strand', () => {
    expect(campusHasMembersMessage('North', 1)).toBe('North still has 1 member; move them to another campus first')
    expect(campusHasMembersMessage('North', 3)).toBe('North still has 3 members; move them to another campus first')
  })
})

describe("a member's campus", () => {
  it('is required and active once the church has campuses, and refused before', () => {
    const campuses = [north, south, camp]
    expect(memberCampusProblem(campuses, undefined, true)).toBe(CAMPUS_REQUIRED_MESSAGE)
    expect(memberCampusProblem(campuses, undefined, false)).toBeUndefined()
    expect(memberCampusProblem(campuses, null, false)).toBe(CAMPUS_REQUIRED_MESSAGE)
    expect(memberCampusProblem(campuses, 'north', true)).toBeUndefined()
    expect(memberCampusProblem(campuses, 'camp', true)).toBe(CAMPUS_UNKNOWN_MESSAGE)
    expect(memberCampusProblem(campuses, 'east', false)).toBe(CAMPUS_UNKNOWN_MESSAGE)
    expect(memberCampusProblem([], undefined, true)).toBeUndefined()
    expect(memberCampusProblem([], null, true)).toBeUndefined()
    expect(memberCampusProblem([], 'north', true)).toBe(NO_CAMPUSES_MESSAGE)
  })

  it('travels in the member schemas the add, the edit, the import and the sync share', () => {
    const base = { email: 'a@b.example', firstName: 'A', lastName: 'B', department: 'C' }
    expect(NewMember.parse({ ...base, campusId: 'north' }).campusId).toBe('north')
    expect(NewMember.parse(base)).not.toHaveProperty('campusId')
    expect(NewMember.safeParse({ ...base, campusId: 'North!' }).error?.issues[0]?.path).toEqual(['campusId'])
    expect(MemberUpdate.parse({ campusId: null, campusIds: ['south'] })).toEqual({
      campusId: null,
      campusIds: ['south'],
    })
    expect(MemberUpdate.safeParse({ campusIds: ['south', 'south'] }).error?.issues[0]?.message).toBe(CAMPUS_ID_TWICE)
    expect(CampusScope.safeParse('south').error?.issues[0]?.message).toBe('campusIds must be a list')
    expect(CampusScope.safeParse(Array.from({ length: 51 }, (_, i) => `c${i}`)).success).toBe(false)
  })

  it("a supervisor's campuses name stored campuses", () => {
    expect(campusScopeProblem([north, camp], ['north', 'camp'])).toBeUndefined()
    expect(campusScopeProblem([north], ['north', 'south'])).toBe(CAMPUS_SCOPE_MESSAGE)
    expect(campusScopeProblem([], [])).toBeUndefined()
  })
})

describe('the scope rule', () => {
  const southAdmin = { campusIds: ['south'] }
  it('a supervisor of no campus is the whole church and reaches everyone', () => {
    expect(wholeChurch({})).toBe(true)
    expect(wholeChurch({ campusIds: [] })).toBe(true)
    expect(wholeChurch(southAdmin)).toBe(false)
    expect(inScope({}, { campusId: 'north' })).toBe(true)
    expect(inScope({ campusIds: [] }, {})).toBe(true)
  })

  it("a campus admin reaches their campuses' members, and no one of no campus", () => {
    expect(inScope(southAdmin, { campusId: 'south' })).toBe(true)
    expect(inScope(southAdmin, { campusId: 'north' })).toBe(false)
    expect(inScope(southAdmin, { campusId: null })).toBe(false)
    expect(inScope(southAdmin, {})).toBe(false)
    expect(inScope({ campusIds: ['north', 'south'] }, { campusId: 'north' })).toBe(true)
  })

  it("lets only someone who reaches all of a supervisor's campuses stand in for them", () => {
    expect(reachCovers({}, {})).toBe(true)
    expect(reachCovers({}, southAdmin)).toBe(true)
    expect(reachCovers(southAdmin, {})).toBe(false)
    expect(reachCovers(southAdmin, southAdmin)).toBe(true)
    expect(reachCovers({ campusIds: ['north', 'south'] }, southAdmin)).toBe(true)
    expect(reachCovers(southAdmin, { campusIds: ['north', 'south'] })).toBe(false)
    expect(reachCovers({ campusIds: ['north'] }, southAdmin)).toBe(false)
  })

  // Nick at North with Nora (North's admin) as approver; the edit route and the member import ask this one question.
  const nick = { supervisorId: 'nora', campusId: 'north' }
  it.each([
    [
      'an add with an approver',
      { supervisorId: 'nora', campusId: 'south' },
      undefined,
      { approverId: 'nora', campusId: 'south' },
    ],
    ['an add without one', { campusId: 'south' }, undefined, undefined],
    ['a move keeping the approver', { campusId: 'south' }, nick, { approverId: 'nora', campusId: 'south' }],
    [
      'a move naming a new approver',
      { supervisorId: 'sam', campusId: 'south' },
      nick,
      { approverId: 'sam', campusId: 'south' },
    ],
    ['a new approver at the same campus', { supervisorId: 'sam' }, nick, { approverId: 'sam', campusId: 'north' }],
    ['the same campus and approver again', { supervisorId: 'nora', campusId: 'north' }, nick, undefined],
    ['an edit of neither', {}, nick, undefined],
    ['the approver taken away', { supervisorId: null, campusId: 'south' }, nick, undefined],
    [
      'a move of a member with no approver',
      { campusId: 'south' },
      { supervisorId: null, campusId: 'north' },
      undefined,
    ],
  ] as const)('checks the approver against the campus after %s', (_, fields, before, expected) => {
    expect(approverReachCheck(fields, before)).toEqual(expected)
  })

  it('an approver reaches the members of their campuses; one not found is left to the write', () => {
    expect(approverReaches({ campusIds: ['north'] }, 'north')).toBe(true)
    expect(approverReaches({ campusIds: ['north'] }, 'south')).toBe(false)
    expect(approverReaches({ campusIds: ['north'] }, null)).toBe(false)
    expect(approverReaches({}, 'south')).toBe(true)
    expect(approverReaches(undefined, 'south')).toBe(true)
  })

  it('an edit changing the campus always checks the approver the member keeps, whatever they were', () => {
    const id = fc.option(fc.constantFrom('north', 'south', 'east'), { nil: undefined })
    fc.assert(
      fc.property(
        fc.constantFrom('nora', 'sam'),
        id,
        fc.constantFrom('north', 'south', 'east'),
        (approver, from, to) => {
          const check = approverReachCheck({ campusId: to }, { supervisorId: approver, campusId: from })
          expect(check).toEqual(from === to ? undefined : { approverId: approver, campusId: to })
        },
      ),
    )
  })

  it("runs reports for the campus asked, within a campus admin's own", () => {
    expect(campusFilter({}, undefined)).toBeUndefined()
    expect(campusFilter({}, 'north')).toEqual(['north'])
    expect(campusFilter(southAdmin, undefined)).toEqual(['south'])
    expect(campusFilter(southAdmin, 'south')).toEqual(['south'])
    expect(campusFilter(southAdmin, 'north')).toEqual([])
    expect(inCampuses(undefined, {})).toBe(true)
    expect(inCampuses(['north'], { campusId: 'north' })).toBe(true)
    expect(inCampuses(['north'], { campusId: 'south' })).toBe(false)
    expect(inCampuses(['north'], { campusId: null })).toBe(false)
    expect(inCampuses([], { campusId: 'north' })).toBe(false)
  })
})

describe('a week and a file by campus', () => {
  it('a week counts where it was worked, else where its member is', () => {
    expect(weekCampus({ campusId: 'north' }, { campusId: 'south' })).toBe('north')
    expect(weekCampus({}, { campusId: 'south' })).toBe('south')
    expect(weekCampus({ campusId: null }, undefined)).toBeUndefined()
    expect(weekCampus({}, { campusId: null })).toBeUndefined()
  })

  it.each([
    ['a North week of a member moved to South', { campusId: 'north' }, { campusId: 'south' }, false],
    ['a South week of a member moved to North', { campusId: 'south' }, { campusId: 'north' }, true],
    ['a week made before campuses, its member at South', {}, { campusId: 'south' }, true],
    ['a week made before campuses, its member gone', {}, undefined, false],
  ] as const)('places %s where it was worked for a campus admin', (_, week, member, reached) => {
    expect(weekInScope({ campusIds: ['south'] }, week, member)).toBe(reached)
    expect(weekInScope({}, week, member)).toBe(true)
  })

  it("reaches a week exactly when the campus admin's own campuses filter holds it", () => {
    const campus = fc.option(fc.constantFrom('north', 'south', 'east'), { nil: undefined })
    fc.assert(
      fc.property(fc.subarray(['north', 'south', 'east'], { minLength: 1 }), campus, campus, (mine, worked, now) => {
        const week = { campusId: worked }
        const member = { campusId: now }
        expect(weekInScope({ campusIds: mine }, week, member)).toBe(
          inCampuses(campusFilter({ campusIds: mine }, undefined), { campusId: weekCampus(week, member) }),
        )
      }),
    )
  })

  it("names a campus's file in plain lowercase words", () => {
    expect(campusFilePart('North Campus')).toBe('north-campus')
    expect(campusFilePart('  São José / Niños ')).toBe('sao-jose-ninos')
    expect(campusFilePart('***')).toBe('campus')
    expect(campusFilePart('A--B')).toBe('a-b')
  })

  it.each([
    ['the whole church', undefined, ''],
    ['one campus', ['south'], 'south-'],
    ['a campus admin of two', ['south', 'north'], 'north-campus-south-'],
    ['a campus not reached', [], ''],
    ['a campus removed since', ['gone'], ''],
  ] as const)("names a file run for %s with its campuses' words", (_, filter, part) => {
    const campuses = [
      { id: 'north', name: 'North Campus' },
      { id: 'south', name: 'South' },
    ]
    expect(campusesFilePart(campuses, filter)).toBe(part)
  })

  it('takes one campus, or none, in a query', () => {
    expect(CampusChoice.parse({})).toEqual({})
    expect(CampusChoice.parse({ campusId: 'north' })).toEqual({ campusId: 'north' })
    expect(CampusChoice.safeParse({ campusId: 'North' }).success).toBe(false)
  })
})

describe('holidays by campus', () => {
  const church: { date: string; name: string; hours: number; campusId?: string } = {
    date: '2026-12-25',
    name: 'Christmas',
    hours: 8,
  }
  const northDay = { date: '2026-11-02', name: 'North founding day', hours: 8, campusId: 'north' }
  it("a member's holidays are the whole church's and their campus's own", () => {
    expect(holidayApplies(church, {})).toBe(true)
    expect(holidayApplies(northDay, { campusId: 'north' })).toBe(true)
    expect(holidayApplies(northDay, { campusId: 'south' })).toBe(false)
    expect(holidayApplies(northDay, {})).toBe(false)
    expect(holidaysFor([church, northDay], { campusId: 'south' })).toEqual([church])
    expect(holidaysFor([church, northDay], { campusId: 'north' })).toEqual([church, northDay])
  })
})

describe("isCampusId (the campus filter's address parameter, without zod)", () => {
  it.each([
    ['north', true],
    ['north-2', true],
    ['a'.repeat(40), true],
    ['a'.repeat(41), false],
    ['', false],
    ['North', false],
    ['north campus', false],
    ['x/north', false],
    ['north\n', false],
  ])('%j → %s, as CampusId decides', (text, expected) => {
    expect(isCampusId(text)).toBe(expected)
    expect(CampusId.safeParse(text).success).toBe(expected)
  })
})
