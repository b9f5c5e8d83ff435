import { createHash } from 'node:crypto'
import { memberWeek, type Organization, type Timesheet, type User } from '@app/core'
import { aggregateHead, aggregateItems, aggregatesFrom } from './aggregates.ts'
import { auditItem, type Actor, type AuditEvent } from './audit.ts'
import { keys } from './keys.ts'
import { latestWeeksIn } from './latest-week.ts'
import { table, type Item } from './table.ts'
import { timesheetItem } from './timesheets.ts'
import { reminderEnrolment } from './notifications.ts'

/** A whole organization to write at once: seeding, the demo organization and the benchmark. */
export interface SeedOrganization {
  organization: Organization & { demo?: boolean }
  members: User[]
  /** The identity-provider login of the first supervisor, if any. */
  supervisorLogin?: { issuer: string; subject: string }
  timesheets: Timesheet[]
  /** Records of the organization's history (the Activity page), each at the instant it happened. */
  audit?: SeedAuditRecord[]
}

export interface SeedAuditRecord {
  at: string
  actor: Actor
  event: AuditEvent
}

/** A stable UUID-shaped id from a name, so seeding the same organization twice overwrites it. */
export const stableId = (...parts: (string | number)[]) => {
  const h = createHash('sha256').update(parts.join('|')).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/**
 * Writes an organization with its members, lookups, timesheets, week locks, counters, aggregates and
 * the payroll figures of approved weeks in
 * batches. Ids are stable, so running it again for the same organization changes nothing new.
 */
export const seedOrganization = async (seed: SeedOrganization) => {
  const orgId = seed.organization.id
  const aggregates = aggregatesFrom(seed.timesheets, seed.members)
  const people = new Map(seed.members.map((m) => [m.id, m]))
  const latest = latestWeeksIn(seed.timesheets)
  // Approved weeks carry the payroll figures approval would have stored with the decision.
  const figures = seed.timesheets.flatMap((t) => {
    const member = people.get(t.employeeId)
    if (t.status !== 'approved' || !member) return []
    const week = memberWeek(t, seed.organization, member.payType, member.role)
    return [{ ...keys.weekFigures(orgId, t.weekStartDate, t.employeeId), ...week }]
  })
  const items: Item[] = [
    {
      ...keys.organization(orgId),
      ...seed.organization,
      ...(seed.organization.demo ? {} : reminderEnrolment(orgId)),
      memberCount: seed.members.length,
    },
    { ...keys.orgSlug(seed.organization.slug), orgId },
    ...seed.members.map((m) => ({
      ...keys.user(orgId, m.id),
      ...m,
      ...(latest.has(m.id) ? { latestWeek: latest.get(m.id) } : {}),
    })),
    ...seed.members.flatMap((m) => (m.email ? [{ ...keys.userEmail(orgId, m.email), userId: m.id }] : [])),
    ...seed.members.flatMap((m) => (m.username ? [{ ...keys.username(m.username), orgId, userId: m.id }] : [])),
    ...(seed.supervisorLogin
      ? [
          {
            ...keys.subject(seed.supervisorLogin.issuer, seed.supervisorLogin.subject),
            orgId,
            userId: seed.members[0]!.id,
          },
        ]
      : []),
    ...seed.timesheets.map((t) => timesheetItem(t) as Item),
    ...seed.timesheets.map((t) => ({ ...keys.employeeWeek(orgId, t.employeeId, t.weekStartDate), timesheetId: t.id })),
    { ...keys.timesheetCounter(orgId), n: Math.max(0, ...seed.timesheets.map((t) => t.id)) },
    aggregateHead(orgId, aggregates),
    ...aggregateItems(orgId, aggregates),
    ...figures,
    ...(seed.audit ?? []).map((r, i) => auditItem(orgId, r.actor, r.event, r.at, stableId(orgId, 'audit', i, r.at))),
  ]
  await table.putMany(items)
  return { items: items.length }
}
