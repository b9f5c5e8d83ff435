import { gustoApi, type GustoEmployee, type GustoPolicy } from '@app/adapters'
import {
  foldForSearch,
  fullName,
  LEAVE_KINDS,
  matchPeople,
  type GustoMatching,
  type GustoMatchingView,
  type LeaveKind,
  type User,
} from '@app/core'
import type { OrgDb } from '@app/data'
import type { GustoConnection } from '../jobs/gusto-send.ts'
import { withVendorToken } from './integration-tokens.ts'

/** Members paired with Gusto's active employees by the framework's one rule, chosen pairs first. */
const matchEmployees = (
  members: readonly User[],
  active: readonly GustoEmployee[],
  chosen: readonly { memberId: string; vendorId: string }[],
) =>
  matchPeople(
    members.map((m) => ({ id: m.id, email: m.email ?? null, firstName: m.firstName, lastName: m.lastName })),
    active.map((e) => ({
      id: e.uuid,
      email: e.email ?? null,
      firstName: e.first_name ?? '',
      lastName: e.last_name ?? '',
    })),
    chosen,
  ).matches

/**
 * The matching a send uses, from Gusto's roster: members to Gusto employees by the framework's one
 * rule (email, then name, one to one; a supervisor's chosen pairs first), each with the job their
 * hours are for (the primary one); our kinds of leave to Gusto's active time-off policies, by
 * Gusto's policy type for vacation and sick, by name for personal and holiday, only when exactly
 * one policy fits; a policy the supervisor chose for a kind wins while it is still active.
 */
export const gustoMatchingOf = (
  members: readonly User[],
  employees: readonly GustoEmployee[],
  policies: readonly GustoPolicy[],
  chosen: readonly { memberId: string; vendorId: string }[] = [],
  chosenPolicies: Readonly<Partial<Record<LeaveKind, string>>> = {},
): GustoMatching => {
  const active = employees.filter((e) => !e.terminated)
  const matches = matchEmployees(members, active, chosen)
  const byUuid = new Map(active.map((e) => [e.uuid, e]))
  const jobOf = (e: GustoEmployee | undefined) => (e?.jobs?.find((j) => j.primary) ?? e?.jobs?.[0])?.uuid ?? null
  const open = policies.filter((p) => p.is_active !== false)
  const only = (fits: (p: GustoPolicy) => boolean) => {
    const found = open.filter(fits)
    return found.length === 1 ? found[0]!.uuid : undefined
  }
  const named = (word: string) => (p: GustoPolicy) => foldForSearch(p.name).includes(word)
  const kept = (kind: LeaveKind) => open.find((p) => p.uuid === chosenPolicies[kind])?.uuid
  const policyOf: Record<LeaveKind, string | undefined> = {
    vacation: kept('vacation') ?? only((p) => p.policy_type === 'vacation'),
    sick: kept('sick') ?? only((p) => p.policy_type === 'sick'),
    personal: kept('personal') ?? only(named('personal')),
    holiday: kept('holiday') ?? only(named('holiday')),
  }
  return {
    employees: Object.fromEntries(
      matches.map((m) => [m.memberId, { employeeUuid: m.vendorId, jobUuid: jobOf(byUuid.get(m.vendorId)) }]),
    ),
    policies: Object.fromEntries(Object.entries(policyOf).filter(([, uuid]) => uuid !== undefined)),
  }
}

/** The supervisor's stored choices: members to Gusto employees, kinds of leave to Gusto policies. */
const storedChoices = async (db: OrgDb) => {
  const [members, policies] = await Promise.all([
    db.integrations.matches('gusto', 'member'),
    db.integrations.matches('gusto', 'policy'),
  ])
  return {
    members: members.map((p) => ({ memberId: p.ourId, vendorId: p.vendorId })),
    policies: Object.fromEntries(policies.map((p) => [p.ourId, p.vendorId])) as Partial<Record<LeaveKind, string>>,
  }
}

/** Gusto's roster through the organization's connection: the token's company, its employees and time-off policies. */
const gustoRoster = (db: OrgDb) =>
  withVendorToken(db, 'gusto', async (accessToken, { vendor }) => {
    const baseUrl = vendor.endpoints.api
    const api = gustoApi({ accessToken, baseUrl })
    const companyUuid = (await api.tokenInfo()).resource.uuid
    const [employees, policies] = await Promise.all([api.employees(companyUuid), api.timeOffPolicies(companyUuid)])
    return { accessToken, baseUrl, companyUuid, employees, policies }
  })

/** The organization's Gusto connection for a send: a current token (the framework's store), its company, the matching. */
export const gustoConnectionOf = async (db: OrgDb): Promise<GustoConnection> => {
  const [{ accessToken, baseUrl, companyUuid, employees, policies }, members, chosen] = await Promise.all([
    gustoRoster(db),
    db.users.listForRecords(),
    storedChoices(db),
  ])
  return {
    accessToken,
    companyUuid,
    baseUrl,
    matching: gustoMatchingOf(members, employees, policies, chosen.members, chosen.policies),
  }
}

/**
 * GET /api/integrations/gusto/matching: Gusto's active employees and policies beside our paid
 * members (never volunteers) and kinds of leave, each with its match and how it was made.
 */
export const gustoMatchingView = async (db: OrgDb): Promise<GustoMatchingView> => {
  const [{ employees, policies }, all, chosen] = await Promise.all([
    gustoRoster(db),
    db.users.list(),
    storedChoices(db),
  ])
  const members = all.filter((m) => m.role !== 'volunteer')
  const active = employees.filter((e) => !e.terminated)
  const open = policies.filter((p) => p.is_active !== false)
  const matches = matchEmployees(members, active, chosen.members)
  const matchOf = new Map(matches.map((m) => [m.memberId, m]))
  const policyOf = gustoMatchingOf(members, employees, policies, chosen.members, chosen.policies).policies
  return {
    employees: active.map((e) => ({
      id: e.uuid,
      name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim(),
      email: e.email ?? null,
    })),
    policies: open.map((p) => ({ id: p.uuid, name: p.name, policyType: p.policy_type ?? null })),
    members: members.map((m) => ({
      memberId: m.id,
      name: fullName(m),
      employeeId: matchOf.get(m.id)?.vendorId ?? null,
      by: matchOf.get(m.id)?.by ?? null,
    })),
    kinds: LEAVE_KINDS.map((kind) => {
      const policyId = policyOf[kind] ?? null
      return {
        kind,
        policyId,
        by: policyId === null ? null : policyId === chosen.policies[kind] ? ('chosen' as const) : ('rule' as const),
      }
    }),
  }
}
