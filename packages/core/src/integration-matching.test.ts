import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchEmail, matchName, matchPeople, type MatchPerson } from './integration-matching.ts'

const person = (id: string, firstName: string, lastName: string, email: string | null = null): MatchPerson => ({
  id,
  firstName,
  lastName,
  email,
})

describe('matchEmail and matchName', () => {
  it('ignores case and surrounding space in emails; an empty one is none', () => {
    expect(matchEmail('  Ana.Silva@Example.ORG ')).toBe('ana.silva@example.org')
    expect(matchEmail('')).toBeNull()
    expect(matchEmail('   ')).toBeNull()
    expect(matchEmail(null)).toBeNull()
  })
  it('ignores accents, case and spacing in names; an empty one is none', () => {
    expect(matchName({ firstName: ' José ', lastName: 'MUÑOZ  Pérez' })).toBe('jose munoz perez')
    expect(matchName({ firstName: '', lastName: ' ' })).toBeNull()
  })
})

describe('matchPeople', () => {
  it('matches by email first, then by name, and lists the rest as unmatched', () => {
    const members = [
      person('m1', 'Ana', 'Silva', 'ana@church.org'),
      person('m2', 'Ben', 'Okafor', 'ben@church.org'),
      person('m3', 'Cara', 'Lind', null),
    ]
    const vendor = [
      person('v1', 'Ana María', 'Silva', 'ANA@church.org'),
      person('v2', 'BEN', 'Okafor', 'benjamin@home.net'),
      person('v3', 'Dan', 'Reyes', 'dan@church.org'),
    ]
    expect(matchPeople(members, vendor)).toEqual({
      matches: [
        { memberId: 'm1', vendorId: 'v1', by: 'email' },
        { memberId: 'm2', vendorId: 'v2', by: 'name' },
      ],
      unmatchedMembers: ['m3'],
      unmatchedVendor: ['v3'],
    })
  })

  it('matches no one on an email or a name two people share, on either side', () => {
    const twoMembers = matchPeople(
      [person('m1', 'Ana', 'Silva', 'x@c.org'), person('m2', 'Bo', 'Li', 'x@c.org')],
      [person('v1', 'Zed', 'Q', 'x@c.org')],
    )
    expect(twoMembers.matches).toEqual([])
    const twoVendor = matchPeople(
      [person('m1', 'Ana', 'Silva')],
      [person('v1', 'Ana', 'Silva'), person('v2', 'ana', 'SILVA')],
    )
    expect(twoVendor.matches).toEqual([])
    expect(twoVendor.unmatchedVendor).toEqual(['v1', 'v2'])
  })

  it('keeps a chosen pair before any rule, and its people are not matched again', () => {
    const members = [person('m1', 'Ana', 'Silva', 'ana@c.org'), person('m2', 'Bo', 'Li', 'other@c.org')]
    const vendor = [person('v1', 'Ana', 'Silva', 'ana@c.org'), person('v2', 'Ana', 'Silva', null)]
    expect(matchPeople(members, vendor, [{ memberId: 'm1', vendorId: 'v2' }])).toEqual({
      matches: [{ memberId: 'm1', vendorId: 'v2', by: 'chosen' }],
      unmatchedMembers: ['m2'],
      unmatchedVendor: ['v1'],
    })
  })

  it('after chosen pairs, an email or name left to one person on each side matches', () => {
    // m2 and v2 share a name with m1 and v1, who were paired by choice: the name is unique among the rest.
    const members = [person('m1', 'Ana', 'Silva'), person('m2', 'Ana', 'Silva')]
    const vendor = [person('v1', 'Ana', 'Silva'), person('v2', 'Ana', 'Silva')]
    expect(matchPeople(members, vendor, [{ memberId: 'm1', vendorId: 'v1' }]).matches).toEqual([
      { memberId: 'm1', vendorId: 'v1', by: 'chosen' },
      { memberId: 'm2', vendorId: 'v2', by: 'name' },
    ])
  })

  it('drops a kept pair whose member or vendor person is gone, or that repeats a side', () => {
    const members = [person('m1', 'Ana', 'Silva')]
    const vendor = [person('v1', 'Ana', 'Silva')]
    expect(
      matchPeople(members, vendor, [
        { memberId: 'gone', vendorId: 'v1' },
        { memberId: 'm1', vendorId: 'gone' },
      ]).matches,
    ).toEqual([{ memberId: 'm1', vendorId: 'v1', by: 'name' }])
    expect(
      matchPeople(
        [person('m1', 'A', 'B'), person('m2', 'C', 'D')],
        [person('v1', 'E', 'F'), person('v2', 'G', 'H')],
        [
          { memberId: 'm1', vendorId: 'v1' },
          { memberId: 'm1', vendorId: 'v2' },
          { memberId: 'm2', vendorId: 'v1' },
        ],
      ),
    ).toEqual({
      matches: [{ memberId: 'm1', vendorId: 'v1', by: 'chosen' }],
      unmatchedMembers: ['m2'],
      unmatchedVendor: ['v2'],
    })
  })

  it('does not match people with no email by email, nor people with no name by name', () => {
    expect(matchPeople([person('m1', '', '', '')], [person('v1', '', ' ', null)]).matches).toEqual([])
    expect(matchPeople([person('m1', 'A', 'B', null)], [person('v1', 'C', 'D', null)]).matches).toEqual([])
  })

  const names = ['Ana', 'Ben', 'Cara', 'José', 'jose', 'ANA']
  const arbitraryPeople = (prefix: string) =>
    fc
      .array(
        fc.record({
          firstName: fc.constantFrom(...names),
          lastName: fc.constantFrom('Silva', 'Muñoz', 'munoz', 'Li'),
          email: fc.option(fc.constantFrom('a@c.org', 'B@c.org', 'b@c.org', 'c@c.org', ''), { nil: null }),
        }),
        { maxLength: 8 },
      )
      .map((people) => people.map((p, i) => ({ ...p, id: `${prefix}${i}` })))
  const keptPairs = fc.array(
    fc.record({ memberId: fc.nat({ max: 9 }).map((i) => `m${i}`), vendorId: fc.nat({ max: 9 }).map((i) => `v${i}`) }),
    { maxLength: 4 },
  )

  it('is always one to one, and every person is either matched or unmatched, exactly once', () => {
    fc.assert(
      fc.property(arbitraryPeople('m'), arbitraryPeople('v'), keptPairs, (members, vendor, kept) => {
        const result = matchPeople(members, vendor, kept)
        const matchedMembers = result.matches.map((m) => m.memberId)
        const matchedVendor = result.matches.map((m) => m.vendorId)
        expect(new Set(matchedMembers).size).toBe(matchedMembers.length)
        expect(new Set(matchedVendor).size).toBe(matchedVendor.length)
        expect([...matchedMembers, ...result.unmatchedMembers].sort()).toEqual(members.map((m) => m.id).sort())
        expect([...matchedVendor, ...result.unmatchedVendor].sort()).toEqual(vendor.map((v) => v.id).sort())
      }),
    )
  })

  it('pairs by email only equal emails, and by name only equal names', () => {
    fc.assert(
      fc.property(arbitraryPeople('m'), arbitraryPeople('v'), (members, vendor) => {
        const m = new Map(members.map((p) => [p.id, p]))
        const v = new Map(vendor.map((p) => [p.id, p]))
        for (const match of matchPeople(members, vendor).matches) {
          const ours = m.get(match.memberId)!
          const theirs = v.get(match.vendorId)!
          if (match.by === 'email') expect(matchEmail(ours.email)).toBe(matchEmail(theirs.email))
          else expect(matchName(ours)).toBe(matchName(theirs))
          expect(match.by).not.toBe('chosen')
        }
      }),
    )
  })

  it('matches every person whose email is unique on both sides, whatever the order', () => {
    fc.assert(
      fc.property(arbitraryPeople('m'), arbitraryPeople('v'), (members, vendor) => {
        const count = (list: MatchPerson[], email: string) => list.filter((p) => matchEmail(p.email) === email).length
        const result = matchPeople(members, vendor)
        const reversed = matchPeople([...members].reverse(), [...vendor].reverse())
        const pairs = (r: typeof result) => r.matches.map((x) => `${x.memberId}=${x.vendorId}:${x.by}`).sort()
        expect(pairs(reversed)).toEqual(pairs(result))
        for (const p of members) {
          const email = matchEmail(p.email)
          if (email && count(members, email) === 1 && count(vendor, email) === 1)
            expect(result.matches).toContainEqual(expect.objectContaining({ memberId: p.id, by: 'email' }))
        }
      }),
    )
  })

  it('keeps every kept pair whose two people exist and which repeats no side', () => {
    fc.assert(
      fc.property(arbitraryPeople('m'), arbitraryPeople('v'), keptPairs, (members, vendor, kept) => {
        const result = matchPeople(members, vendor, kept)
        const seenM = new Set<string>()
        const seenV = new Set<string>()
        for (const k of kept) {
          const valid =
            members.some((p) => p.id === k.memberId) &&
            vendor.some((p) => p.id === k.vendorId) &&
            !seenM.has(k.memberId) &&
            !seenV.has(k.vendorId)
          if (valid) {
            seenM.add(k.memberId)
            seenV.add(k.vendorId)
            expect(result.matches).toContainEqual({ ...k, by: 'chosen' })
          }
        }
        expect(result.matches.filter((m) => m.by === 'chosen')).toHaveLength(seenM.size)
      }),
    )
  })
})
