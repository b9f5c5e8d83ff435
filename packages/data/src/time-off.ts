import { randomUUID } from 'node:crypto'
import {
  conflict,
  defaultTimeOffPolicies,
  fullName,
  HolidayCalendar,
  LedgerEntry,
  MAX_REQUEST_DAYS,
  notFound,
  TimeOffPolicies,
  TimeOffRequestView,
  addDays,
  type AuditChange,
  type TimeOffKind,
  type TimeOffRequestInput,
  type TimeOffStatus,
} from '@app/core'
import { auditRecord, memberSubject, type Actor, type Person } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import { keys } from './keys.ts'
import { ledgerItem, type LedgerPosting } from './ledger.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'

/** A request as stored (the view without `waitingForMe`). */
export type StoredTimeOff = Omit<TimeOffRequestView, 'waitingForMe'>

const subject = { type: 'organization' } as const
const strip = ({
  pk: _pk,
  sk: _sk,
  gsi1pk: _a,
  gsi1sk: _b,
  gsi2pk: _c,
  gsi2sk: _d,
  ...rest
}: Record<string, unknown>) => rest
const parseRequest = (item: Record<string, unknown>): StoredTimeOff =>
  TimeOffRequestView.omit({ waitingForMe: true }).parse(strip(item))
const parseEntry = (item: Record<string, unknown>): LedgerEntry => LedgerEntry.parse(strip(item))

/**
 * data: policies, holidays and blackout dates, requests and each member's ledger. Every
 * change and its audit record are one transaction; a decision is conditioned on the request still
 * being pending, so of two decisions exactly one wins.
 */
export const timeOffOf = (orgId: string) => {
  const ledgerPut = (r: StoredTimeOff, status: 'pending' | 'approved'): TransactInput => ({
    Put: {
      Item: {
        ...keys.ledgerEntry(orgId, r.employeeId, `REQ#${r.id}`),
        ...LedgerEntry.parse({
          id: `REQ#${r.id}`,
          kind: r.kind,
          type: 'request',
          hours: -r.hours,
          date: r.from,
          at: nowIso(),
          reason: r.note || null,
          byId: null,
          requestId: r.id,
          status,
        }),
        employeeId: r.employeeId,
      },
    },
  })
  const indexed = (r: StoredTimeOff) => ({
    ...keys.timeOffRequest(orgId, r.id),
    ...r,
    gsi1pk: keys.orgTimeOff(orgId),
    gsi1sk: keys.timeOffSort(r.to, r.id),
    gsi2pk: keys.employeeTimeOff(orgId, r.employeeId),
    gsi2sk: keys.timeOffSort(r.to, r.id),
  })
  const requestSubject = (r: StoredTimeOff) => ({ type: 'member' as const, id: r.employeeId, name: r.employeeName })
  const requestChanges = (r: StoredTimeOff): AuditChange[] => [
    { field: 'request', before: null, after: r.id },
    { field: 'kind', before: null, after: r.kind },
    { field: 'dates', before: null, after: r.from === r.to ? r.from : `${r.from} – ${r.to}` },
    { field: 'hours', before: null, after: r.hours },
  ]

  return {
    async policies(): Promise<TimeOffPolicies> {
      const item = await table.get(keys.timeOffPolicies(orgId))
      return item ? TimeOffPolicies.parse({ policies: item.policies }) : defaultTimeOffPolicies()
    },

    async setPolicies(next: TimeOffPolicies, by: Person): Promise<TimeOffPolicies> {
      const current = await this.policies()
      const changes = next.policies.flatMap((p): AuditChange[] => {
        const was = current.policies.find((c) => c.kind === p.kind)
        return JSON.stringify(was) === JSON.stringify(p)
          ? []
          : [{ field: p.kind, before: was ? JSON.stringify(was) : null, after: JSON.stringify(p) }]
      })
      if (!changes.length) return next
      await table.transact([
        { Put: { Item: { ...keys.timeOffPolicies(orgId), policies: next.policies, updatedAt: nowIso() } } },
        auditRecord(orgId, by, { action: 'timeOff.policiesChanged', subject, changes }),
      ])
      return next
    },

    async calendar(): Promise<HolidayCalendar> {
      const item = await table.get(keys.holidays(orgId))
      return item
        ? HolidayCalendar.parse({ holidays: item.holidays, blackouts: item.blackouts })
        : { holidays: [], blackouts: [] }
    },

    /** `current`: the calendar as the caller already read it (read here otherwise). */
    async setCalendar(next: HolidayCalendar, by: Person, current?: HolidayCalendar): Promise<HolidayCalendar> {
      current ??= await this.calendar()
      const text = (c: HolidayCalendar) => ({
        holidays: c.holidays
          .map((h) => `${h.date} ${h.name} (${h.hours} h)${h.campusId ? ` at ${h.campusId}` : ''}`)
          .join('; '),
        blackouts: c.blackouts.map((b) => `${b.date} ${b.reason}`).join('; '),
      })
      const [was, is] = [text(current), text(next)]
      const changes = (['holidays', 'blackouts'] as const)
        .filter((f) => was[f] !== is[f])
        .map((f) => ({ field: f, before: was[f] || null, after: is[f] || null }))
      if (!changes.length) return next
      await table.transact([
        { Put: { Item: { ...keys.holidays(orgId), ...next, updatedAt: nowIso() } } },
        auditRecord(orgId, by, { action: 'holidays.changed', subject, changes }),
      ])
      return next
    },

    async get(id: string): Promise<StoredTimeOff> {
      const request = await this.find(id)
      if (!request) throw notFound('time off request')
      return request
    },

    /** A request by id, or undefined (an emailed link's request may be gone). */
    async find(id: string): Promise<StoredTimeOff | undefined> {
      const item = await table.get(keys.timeOffRequest(orgId, id))
      return item ? parseRequest(item) : undefined
    },

    /**
     * Requests touching `from`..`to` (both optional), of one member or of the whole organization,
     * in one status or all. Sorted by their last day (a request is at most MAX_REQUEST_DAYS long,
     * so those touching `from`..`to` end from `from` to MAX_REQUEST_DAYS after `to`).
     */
    async list(options: { employeeId?: string; status?: TimeOffStatus; from?: string; to?: string }) {
      const index = options.employeeId ? 'gsi2' : 'gsi1'
      const partition = options.employeeId ? keys.employeeTimeOff(orgId, options.employeeId) : keys.orgTimeOff(orgId)
      const low = options.from ?? '0000'
      const high = options.to ? `${addDays(options.to, MAX_REQUEST_DAYS)}#~` : '9999'
      const items = await table.queryAll({
        index,
        KeyConditionExpression: `${index}pk = :p AND ${index}sk BETWEEN :a AND :b`,
        ExpressionAttributeValues: { ':p': partition, ':a': low, ':b': high },
      })
      return items
        .map(parseRequest)
        .filter((r) => (!options.status || r.status === options.status) && (!options.to || r.from <= options.to))
        .sort((a, b) => a.from.localeCompare(b.from) || a.createdAt.localeCompare(b.createdAt))
    },

    /**
     * A new pending request, its hours held in the member's ledger, and its record; `effects` (the
     * approver's email, the webhook deliveries) with it. `id`, when given, is the one its emailed
     * links and webhook payload already name; a new one otherwise.
     */
    async create(
      input: TimeOffRequestInput & { id?: string; days: { date: string; hours: number }[]; hours: number },
      member: Person,
      effects?: Effects,
    ): Promise<StoredTimeOff> {
      const request: StoredTimeOff = {
        id: input.id ?? randomUUID(),
        employeeId: member.id,
        employeeName: fullName(member),
        kind: input.kind,
        from: input.from,
        to: input.to,
        hoursPerDay: input.hoursPerDay,
        days: input.days,
        hours: input.hours,
        note: input.note,
        status: 'pending',
        createdAt: nowIso(),
        decidedAt: null,
        decidedBy: null,
        comments: '',
      }
      await table.transact([
        { Put: { Item: indexed(request), ConditionExpression: 'attribute_not_exists(pk)' } },
        ledgerPut(request, 'pending'),
        auditRecord(orgId, member, {
          action: 'timeOff.requested',
          subject: memberSubject(member),
          changes: requestChanges(request),
        }),
        ...effectItems(orgId, effects),
      ])
      return request
    },

    /**
     * Approves or declines a pending request: only from pending, exactly one decision wins (409 for
     * the other). `by` is marked (`emailLinkOf`) when the decision came from an emailed link, whose
     * id (`effects.spendLink`) is spent in the same transaction: a link used meanwhile is a 409 too.
     */
    async decide(
      request: StoredTimeOff,
      status: 'approved' | 'rejected',
      comments: string,
      by: Actor & Person,
      effects?: Effects,
    ): Promise<StoredTimeOff> {
      const decided: StoredTimeOff = {
        ...request,
        status,
        comments,
        decidedAt: nowIso(),
        decidedBy: { firstName: by.firstName, lastName: by.lastName },
      }
      try {
        await table.transact([
          {
            Put: {
              Item: indexed(decided),
              ConditionExpression: '#s = :pending',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
          status === 'approved'
            ? ledgerPut(decided, 'approved')
            : { Delete: { Key: keys.ledgerEntry(orgId, request.employeeId, `REQ#${request.id}`) } },
          auditRecord(orgId, by, {
            action: status === 'approved' ? 'timeOff.approved' : 'timeOff.rejected',
            subject: requestSubject(request),
            changes: [
              ...requestChanges(request),
              { field: 'status', before: 'pending', after: status },
              ...(comments ? [{ field: 'comments', before: null, after: comments }] : []),
            ],
          }),
          ...effectItems(orgId, effects),
        ])
      } catch (e) {
        // The request was decided meanwhile, or (the only other condition) the emailed link was spent.
        if (isConditionFailure(e)) throw conflict('This time off request has already been decided')
        throw e
      }
      return decided
    },

    /** Cancels a pending request, or an approved one whose first day is after `today`; its hours go back. */
    async cancel(request: StoredTimeOff, today: string, by: Person, effects?: Effects): Promise<StoredTimeOff> {
      const cancelled: StoredTimeOff = { ...request, status: 'cancelled' }
      try {
        await table.transact([
          {
            Put: {
              Item: indexed(cancelled),
              ConditionExpression: '#s = :pending OR (#s = :approved AND #from > :today)',
              ExpressionAttributeNames: { '#s': 'status', '#from': 'from' },
              ExpressionAttributeValues: { ':pending': 'pending', ':approved': 'approved', ':today': today },
            },
          },
          { Delete: { Key: keys.ledgerEntry(orgId, request.employeeId, `REQ#${request.id}`) } },
          auditRecord(orgId, by, {
            action: 'timeOff.cancelled',
            subject: requestSubject(request),
            changes: [...requestChanges(request), { field: 'status', before: request.status, after: 'cancelled' }],
          }),
          ...effectItems(orgId, effects),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0))
          throw conflict('Only a pending request, or an approved one that has not started, can be cancelled')
        throw e
      }
      return cancelled
    },

    /**
     * A member's ledger, oldest first (one query). `consistent`: every posting committed so far
     * (what a change that takes postings back must see, however recent they are).
     */
    async ledger(employeeId: string, options: { consistent?: boolean } = {}): Promise<LedgerEntry[]> {
      const items = await table.queryPrefix(
        keys.orgPk(orgId),
        keys.ledgerPrefix(employeeId),
        options.consistent ? { ConsistentRead: true } : {},
      )
      // A year's carryover comes before anything else of its day (the grant of that day is made after it).
      const first = (e: LedgerEntry) => (e.type === 'carryover' ? 0 : 1)
      return items
        .map(parseEntry)
        .sort((a, b) => a.date.localeCompare(b.date) || first(a) - first(b) || a.at.localeCompare(b.at))
    },

    /** A supervisor's adjustment (hours may be negative) with its reason, and its record. */
    async adjust(
      member: Person,
      change: { kind: TimeOffKind; hours: number; reason: string; date: string },
      by: Person,
    ): Promise<LedgerEntry> {
      const posting: LedgerPosting = {
        id: `ADJ#${randomUUID()}`,
        employeeId: member.id,
        kind: change.kind,
        type: 'adjustment',
        hours: change.hours,
        date: change.date,
        reason: change.reason,
        byId: by.id,
      }
      const put = ledgerItem(orgId, posting)
      await table.transact([
        put,
        auditRecord(orgId, by, {
          action: 'timeOff.adjusted',
          subject: memberSubject(member),
          changes: [
            { field: 'kind', before: null, after: change.kind },
            { field: 'hours', before: null, after: change.hours },
            { field: 'reason', before: null, after: change.reason },
          ],
        }),
      ])
      return parseEntry(put.Put!.Item as Record<string, unknown>)
    },

    /**
     * Posts accruals made by a job (a closed period, a year's grant or carryover) once: each id is
     * written only if absent, so running the job again grants nothing twice. Answers whether posted.
     */
    async postOnce(member: Person, postings: LedgerPosting[], actor: Actor): Promise<boolean> {
      if (!postings.length) return false
      try {
        await table.transact([
          ...postings.map((p) => {
            const put = ledgerItem(orgId, p)
            return { Put: { ...put.Put!, ConditionExpression: 'attribute_not_exists(pk)' } }
          }),
          auditRecord(orgId, actor, {
            action: 'timeOff.accrued',
            subject: memberSubject(member),
            changes: postings.map((p) => ({ field: `${p.kind} ${p.type}`, before: null, after: p.hours })),
          }),
        ])
        return true
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
    },
  }
}
