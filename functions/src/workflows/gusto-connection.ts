import { gustoApi, type GustoEmployee, type GustoPolicy } from '@app/adapters'
import { foldForSearch, matchPeople, type GustoMatching, type LeaveKind, type User } from '@app/core'
import type { OrgDb } from '@app/data'
import type { GustoConnection } from '../jobs/gusto-send.ts'
import { withVendorToken } from './integration-tokens.ts'

/**
 * The matching a send uses, from Gusto's roster: members to Gusto employees by the framework's one
 * rule (email, then name, one to one; a supervisor's chosen pairs first), each with the job their
 * hours are for (the primary one); our kinds of leave to Gusto's active time-off policies, by
 * Gusto's policy type for vacation and sick, by name for personal and holiday, only when exactly
 * one policy fits.
 */
export const gustoMatchingOf = (
  members: readonly User[],
  employees: readonly GustoEmployee[],
  policies: readonly GustoPolicy[],
  chosen: readonly { memberId: string; vendorId: string }[] = [],
): GustoMatching => {
  const active = employees.filter((e) => !e.terminated)
  const { matches } = matchPeople(
    members.map((m) => ({ id: m.id, email: m.email ?? null, firstName: m.firstName, lastName: m.lastName })),
    active.map((e) => ({
      id: e.uuid,
      email: e.email ?? null,
      firstName: e.first_name ?? '',
      lastName: e.last_name ?? '',
    })),
    chosen,
  )
  const byUuid = new Map(active.map((e) => [e.uuid, e]))
  const jobOf = (e: GustoEmployee | undefined) => (e?.jobs?.find((j) => j.primary) ?? e?.jobs?.[0])?.uuid ?? null
  const open = policies.filter((p) => p.is_active !== false)
  const only = (fits: (p: GustoPolicy) => boolean) => {
    const found = open.filter(fits)
    return found.length === 1 ? found[0]!.uuid : undefined
  }
  const named = (word: string) => (p: GustoPolicy) => foldForSearch(p.name).includes(word)
  const policyOf: Record<LeaveKind, string | undefined> = {
    vacation: only((p) => p.policy_type === 'vacation'),
    sick: only((p) => p.policy_type === 'sick'),
    personal: only(named('personal')),
    holiday: only(named('holiday')),
  }
  return {
    employees: Object.fromEntries(
      matches.map((m) => [m.memberId, { employeeUuid: m.vendorId, jobUuid: jobOf(byUuid.get(m.vendorId)) }]),
    ),
    policies: Object.fromEntries(Object.entries(policyOf).filter(([, uuid]) => uuid !== undefined)),
  }
}

/** The organization's Gusto connection for a send: a current token (the framework's store), its company, the matching. */
export const gustoConnectionOf = (db: OrgDb): Promise<GustoConnection> =>
  withVendorToken(db, 'gusto', async (accessToken, { vendor }) => {
    const baseUrl = vendor.endpoints.api
    const api = gustoApi({ accessToken, baseUrl })
    const companyUuid = (await api.tokenInfo()).resource.uuid
    const [members, employees, policies] = await Promise.all([
      db.users.listForRecords(),
      api.employees(companyUuid),
      api.timeOffPolicies(companyUuid),
    ])
    return { accessToken, companyUuid, baseUrl, matching: gustoMatchingOf(members, employees, policies) }
  })
