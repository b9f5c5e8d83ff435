/** What a directory's rows are decided against, and their outcomes: shared by the file import and Planning Center's sync. */
import {
  entitlements,
  type ImportContext,
  type ImportDecision,
  type ImportRowResult,
  type Organization,
  type User,
} from '@app/core'
import type { OrgDb } from '@app/data'

/**
 * What the rows are checked against: the members here by email, the supervisors, the plan's room,
 * the campuses, and the supervisor running the import (none for a sync).
 */
export const importContext = async (db: OrgDb, org: Organization, importerId?: string): Promise<ImportContext> => {
  const [members, count, campuses] = await Promise.all([db.users.list(), db.members.count(), db.campuses.list()])
  const allowed = entitlements(org)
  const withEmail = members.filter((m): m is User & { email: string } => Boolean(m.email))
  const approver = (m: User) => ({ id: m.id, campusIds: m.campusIds })
  return {
    membersByEmail: new Map(withEmail.map((m) => [m.email.toLowerCase(), m])),
    supervisorsByEmail: new Map(
      withEmail.filter((m) => m.role === 'supervisor').map((m) => [m.email.toLowerCase(), approver(m)]),
    ),
    approversById: new Map(members.filter((m) => m.role === 'supervisor').map((m) => [m.id, approver(m)])),
    // An organization not in good standing (an expired trial) adds no one.
    slots: !allowed.inGoodStanding ? 0 : allowed.memberLimit === null ? null : Math.max(0, allowed.memberLimit - count),
    limit: allowed.inGoodStanding ? allowed.memberLimit : 0,
    campuses,
    importerId,
  }
}

/** A row's outcome as the API answers it, with the names a new or updated row sets. */
export const rowResult = (d: ImportDecision): ImportRowResult => {
  if (d.status === 'refused')
    return { line: d.line, status: d.status, reason: d.reason.text, key: d.reason.key, params: d.reason.params }
  const result: ImportRowResult = { line: d.line, status: d.status, reason: null, key: null, params: {} }
  if (d.status === 'unchanged') return result
  const { firstName, lastName } = d.fields
  return { ...result, ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) }
}

/** An import's sealed login's context: a sealed password opens only for its organization and import. */
export const loginContext = (orgId: string, importId: string) => ({ orgId, importId, purpose: 'member-import' })
