import * as z from 'zod'
import type { Campus } from './campus.ts'
import {
  decideRow,
  importReason,
  readRow,
  type ImportDecision,
  type ImportApprover,
  type ImportedMemberView,
  type ImportMapping,
  type ImportReason,
} from './member-import.ts'
import type { Role } from './roles.ts'

/**
 * Members kept in step with Planning Center People. A person of the chosen lists is read as one
 * row of the member import (the same checks and the same decision, `decideRow`) after being
 * linked to a member here by their Planning Center id, then by email. Planning Center owns the
 * names, the email and the campus; pay settings, the approver, the PIN, the role and the
 * department of a member already here stay ours and are never written. A linked member who left
 * the lists is deactivated (never deleted: their hours and history stay).
 */

/** Which of the two chosen lists holds the person (staff are added as employees, volunteers as volunteers). */
export const PlanningCenterListKind = z.enum(['staff', 'volunteers'])
export type PlanningCenterListKind = z.infer<typeof PlanningCenterListKind>

/** One person of a chosen list, as Planning Center gives them (the adapter reads its JSON:API documents). */
export interface PlanningCenterPerson {
  id: string
  firstName: string
  lastName: string
  /** The primary email address, else the first; null when the person has none. */
  email: string | null
  /** The name of the person's primary campus, when Planning Center has one. */
  campusName: string | null
  list: PlanningCenterListKind
}

/** A member here as the sync compares them: the import's view, with the link and the role. */
export interface SyncedMemberView extends ImportedMemberView {
  planningCenterId?: string | null
  role: Role
}

/** A field Planning Center owns that it changed here: both values, and which won (Planning Center, always). */
export interface SyncConflict {
  field: 'firstName' | 'lastName' | 'email' | 'campusId'
  ours: string | null
  theirs: string | null
  won: 'planning-center'
}

export interface PersonDecision {
  personId: string
  name: string
  decision: ImportDecision
  /** The member to link to this person (found by email, or just added). */
  linkTo: string | null
  conflicts: SyncConflict[]
}

export interface SyncPlan {
  people: PersonDecision[]
  /** Linked members no longer on either list: deactivated. */
  deactivate: { memberId: string; name: string; personId: string }[]
  /** Linked members no longer on the lists that the sync leaves alone, with why. */
  kept: { memberId: string; name: string; reason: ImportReason }[]
}

export interface SyncSettings {
  /** The department a new member from each list is given (Planning Center has none). */
  departments: Record<PlanningCenterListKind, string>
}

export interface SyncContext {
  members: readonly SyncedMemberView[]
  /** Current supervisors by id: a member Planning Center moves to another campus keeps an approver who must reach it. */
  approversById: ReadonlyMap<string, ImportApprover>
  campuses: readonly Campus[]
  slots: number | null
  limit: number | null
}

const ROLE_OF: Record<PlanningCenterListKind, Role> = { staff: 'employee', volunteers: 'volunteer' }

/** The import mapping a person's row is read through (the columns are ours, not a file's). */
const MAPPING: ImportMapping = {
  first: 'firstName',
  last: 'lastName',
  email: 'email',
  campus: 'campus',
  role: 'role',
  department: 'department',
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

const OWNED = ['firstName', 'lastName', 'email', 'campusId'] as const

/**
 * A person on both lists is staff; a person listed twice counts once. Later duplicates of an id
 * are dropped, keeping the staff entry when there is one.
 */
export const uniquePeople = (people: readonly PlanningCenterPerson[]): PlanningCenterPerson[] => {
  const byId = new Map<string, PlanningCenterPerson>()
  for (const person of people) {
    const seen = byId.get(person.id)
    if (!seen || (seen.list === 'volunteers' && person.list === 'staff')) byId.set(person.id, person)
  }
  return [...byId.values()]
}

/** What one run of the sync does, decided from Planning Center's lists and the members here; nothing written. */
export const planSync = (
  listed: readonly PlanningCenterPerson[],
  context: SyncContext,
  settings: SyncSettings,
): SyncPlan => {
  const people = uniquePeople(listed)
  const byLink = new Map(context.members.flatMap((m) => (m.planningCenterId ? [[m.planningCenterId, m] as const] : [])))
  const byEmail = new Map(context.members.flatMap((m) => (m.email ? [[m.email.toLowerCase(), m] as const] : [])))
  const emailsSeen = new Map<string, string>()
  let slots = context.slots
  const decisions: PersonDecision[] = people.map((person, i) => {
    const line = i + 1
    const name = nameOf(person)
    const email = person.email?.trim().toLowerCase() || null
    const linked = byLink.get(person.id)
    const byAddress = !linked && email ? byEmail.get(email) : undefined
    const refuse = (reason: ImportReason): PersonDecision => ({
      personId: person.id,
      name,
      decision: { line, status: 'refused', reason },
      linkTo: null,
      conflicts: [],
    })
    // A member linked to another person is theirs: an email shared by two people matches no one.
    if (byAddress?.planningCenterId) return refuse(importReason('linkedElsewhere', { value: person.email ?? '' }))
    const member = linked ?? byAddress
    // A linked person without an email here keeps the member's own.
    const address = email ?? member?.email ?? null
    if (address) {
      const first = emailsSeen.get(address)
      if (first !== undefined) return refuse(importReason('sharedEmail', { value: address, name: first }))
      emailsSeen.set(address, name)
    }
    const owner = address ? byEmail.get(address) : undefined
    if (member && owner && owner.id !== member.id) return refuse(importReason('emailTaken', { value: address! }))
    const cells: Record<string, string> = {
      first: person.firstName,
      last: person.lastName,
      email: address ?? '',
      campus: person.campusName ?? '',
      // A member already here keeps the role and department we gave them.
      ...(member ? {} : { role: ROLE_OF[person.list], department: settings.departments[person.list] }),
    }
    const read = readRow({ line, cells }, MAPPING, new Map(), context.campuses)
    const membersByEmail = new Map(member && 'fields' in read ? [[read.fields.email, member]] : [])
    let decision = decideRow(line, read, {
      membersByEmail,
      approversById: context.approversById,
      slots,
      limit: context.limit,
      campuses: context.campuses,
    })
    // The import matches on email, so it never changes one; a linked person's new address is theirs to give.
    if (member && 'fields' in read && read.fields.email !== (member.email ?? '').toLowerCase()) {
      const changes = decision.status === 'updated' ? decision.changes : {}
      if (decision.status !== 'refused')
        decision = {
          line,
          status: 'updated',
          memberId: member.id,
          changes: { ...changes, email: read.fields.email },
          fields: read.fields,
        }
    }
    if (decision.status === 'new' && slots !== null) slots--
    const conflicts: SyncConflict[] =
      member && decision.status === 'updated'
        ? OWNED.flatMap((field) => {
            const theirs = decision.changes[field]
            return theirs === undefined ? [] : [{ field, ours: member[field] ?? null, theirs, won: 'planning-center' }]
          })
        : []
    return {
      personId: person.id,
      name,
      decision,
      linkTo: decision.status !== 'refused' && !linked ? (member?.id ?? null) : null,
      conflicts,
    }
  })
  const listedIds = new Set(people.map((p) => p.id))
  const gone = context.members.filter((m) => m.planningCenterId && !listedIds.has(m.planningCenterId))
  return {
    people: decisions,
    // A supervisor is never deactivated from outside: the church could lose its last one.
    deactivate: gone
      .filter((m) => m.role !== 'supervisor')
      .map((m) => ({ memberId: m.id, name: nameOf(m), personId: m.planningCenterId! })),
    kept: gone
      .filter((m) => m.role === 'supervisor')
      .map((m) => ({ memberId: m.id, name: nameOf(m), reason: importReason('supervisorKept') })),
  }
}

/** The run's counts, for the page and the audit trail. */
export const SyncCounts = z.object({
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  deactivated: z.number().int(),
})
export type SyncCounts = z.infer<typeof SyncCounts>

export const syncCounts = (plan: SyncPlan): SyncCounts => {
  const counts: SyncCounts = { new: 0, updated: 0, unchanged: 0, refused: 0, deactivated: plan.deactivate.length }
  for (const p of plan.people) counts[p.decision.status]++
  return counts
}
