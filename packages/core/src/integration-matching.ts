import { foldForSearch } from './search.ts'

/**
 * Pairing our members with a vendor's people (QuickBooks employees, Gusto employees, Planning
 * Center people): the pairs a supervisor chose or confirmed first, then one email to one email,
 * then one full name to one full name; whoever is left is unmatched, for the picker. Always one to
 * one: an email or a name shared by two people on either side matches no one (a wrong pair would
 * send someone's hours to someone else; an unmatched one is only asked about).
 */
export interface MatchPerson {
  id: string
  email: string | null
  firstName: string
  lastName: string
}

export type MatchedBy = 'chosen' | 'email' | 'name'

export interface PersonMatch {
  memberId: string
  vendorId: string
  by: MatchedBy
}

export interface Matching {
  matches: PersonMatch[]
  /** Our members with no vendor person, in the order given. */
  unmatchedMembers: string[]
  /** The vendor's people no member has, in the order given. */
  unmatchedVendor: string[]
}

/** An email as matching compares it: trimmed, case ignored; none when empty. */
export const matchEmail = (email: string | null): string | null => {
  const folded = email?.trim().toLowerCase()
  return folded ? folded : null
}

/** A full name as matching compares it: accents, case and spacing ignored; none when empty. */
export const matchName = (p: Pick<MatchPerson, 'firstName' | 'lastName'>): string | null => {
  const folded = foldForSearch(`${p.firstName} ${p.lastName}`)
  return folded ? folded : null
}

/** Each key with the ids that have it, in the order given. */
const byKey = (people: readonly MatchPerson[], keyOf: (p: MatchPerson) => string | null) => {
  const found = new Map<string, string[]>()
  for (const p of people) {
    const key = keyOf(p)
    if (key === null) continue
    found.set(key, [...(found.get(key) ?? []), p.id])
  }
  return found
}

/** Pairs people left on both sides whose key is had by exactly one person on each side. */
const pairUnique = (
  members: readonly MatchPerson[],
  vendor: readonly MatchPerson[],
  keyOf: (p: MatchPerson) => string | null,
  by: MatchedBy,
): PersonMatch[] => {
  const theirs = byKey(vendor, keyOf)
  const pairs: PersonMatch[] = []
  for (const [key, ours] of byKey(members, keyOf)) {
    const other = theirs.get(key)
    if (ours.length === 1 && other?.length === 1) pairs.push({ memberId: ours[0]!, vendorId: other[0]!, by })
  }
  return pairs
}

export const matchPeople = (
  members: readonly MatchPerson[],
  vendor: readonly MatchPerson[],
  /** Pairs kept from before (a supervisor's choice); a pair whose member or vendor person is gone is dropped. */
  kept: readonly Pick<PersonMatch, 'memberId' | 'vendorId'>[] = [],
): Matching => {
  const memberIds = new Set(members.map((m) => m.id))
  const vendorIds = new Set(vendor.map((v) => v.id))
  const matches: PersonMatch[] = []
  const takenMembers = new Set<string>()
  const takenVendor = new Set<string>()
  const take = (m: PersonMatch) => {
    matches.push(m)
    takenMembers.add(m.memberId)
    takenVendor.add(m.vendorId)
  }
  for (const k of kept) {
    const free = !takenMembers.has(k.memberId) && !takenVendor.has(k.vendorId)
    if (free && memberIds.has(k.memberId) && vendorIds.has(k.vendorId))
      take({ memberId: k.memberId, vendorId: k.vendorId, by: 'chosen' })
  }
  const rule = (keyOf: (p: MatchPerson) => string | null, by: MatchedBy) =>
    pairUnique(
      members.filter((m) => !takenMembers.has(m.id)),
      vendor.filter((v) => !takenVendor.has(v.id)),
      keyOf,
      by,
    ).forEach(take)
  rule((p) => matchEmail(p.email), 'email')
  rule(matchName, 'name')
  return {
    matches,
    unmatchedMembers: members.filter((m) => !takenMembers.has(m.id)).map((m) => m.id),
    unmatchedVendor: vendor.filter((v) => !takenVendor.has(v.id)).map((v) => v.id),
  }
}
