import { conflict, type MemberWeek, type Period } from '@app/core'
import { auditRecord, type Person } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

/** A pay period's stored state; periods never closed have no item and are open. */
export interface StoredPeriod {
  start: string
  end: string
  status: 'open' | 'closed'
  closedAt: string | null
  closedBy: { firstName: string; lastName: string } | null
  reopenedReason: string | null
  /** The workweeks (by start date) the close locked; a reopen unlocks exactly these. */
  lockedWeeks: string[]
  /** Declined and draft weeks a close with `closeAnyway` locked unpaid, named with the close. */
  unapproved: ClosedUnapproved[]
}

/** A week a close locked without its approval: whose, which, and in which state. */
export interface ClosedUnapproved {
  employeeId: string
  firstName: string
  lastName: string
  weekStartDate: string
  timesheetId: number
  status: 'draft' | 'rejected'
}

const periodSubject = (p: Period) => ({ type: 'payPeriod' as const, start: p.start, end: p.end })

const parsePeriod = (item: Record<string, unknown>): StoredPeriod => ({
  start: String(item.start),
  end: String(item.end),
  status: item.status === 'closed' ? 'closed' : 'open',
  closedAt: (item.closedAt as string | null | undefined) ?? null,
  closedBy: (item.closedBy as StoredPeriod['closedBy'] | undefined) ?? null,
  reopenedReason: (item.reopenedReason as string | null | undefined) ?? null,
  lockedWeeks: (item.lockedWeeks as string[] | undefined) ?? [],
  unapproved: (item.unapproved as ClosedUnapproved[] | undefined) ?? [],
})

const unapprovedText = (weeks: ClosedUnapproved[]) =>
  weeks.map((w) => `${w.firstName} ${w.lastName} ${w.weekStartDate} (${w.status})`.trim()).join(', ')

const parseFigures = (item: Record<string, unknown>): MemberWeek => {
  const { pk: _pk, sk: _sk, ...figures } = item
  return figures as unknown as MemberWeek
}

/**
 * The closed period that locks the week starting `week` (the earliest, when two share it), or
 * undefined when none does: what a refusal of a change there names. Two reads, and only the lock's
 * when the week is open.
 */
export const lockingPeriodOf = async (orgId: string, week: string): Promise<Period | undefined> => {
  const lock = await table.get(keys.weekLock(orgId, week), true, ['holders', 'periodStart'])
  // A lock from before locks had holders names its one period as `periodStart`.
  const holders = lock?.holders instanceof Set ? [...(lock.holders as Set<string>)] : []
  const start = [...holders, ...(typeof lock?.periodStart === 'string' ? [lock.periodStart] : [])].sort()[0]
  if (start === undefined) return undefined
  const item = await table.get(keys.payPeriod(orgId, start), true, ['end'])
  // A close writes its period in the transaction that writes its locks, and no period is deleted.
  if (!item) throw new Error(`The lock of week ${week} names the pay period ${start}, which is not stored`)
  return { start, end: String(item.end) }
}

/** Every item of an organization's partition whose sort key is within `range` (one query). */
const itemsIn = (orgId: string, range: { from: string; to: string }) =>
  table.queryAll({
    KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':a': range.from, ':b': range.to },
  })

/**
 * payroll data of one organization: the member-week figures approval stores (the
 * `figures` effect), and pay periods with the week locks a close writes.
 */
export const payrollOf = (orgId: string) => ({
  /** The figures of approved member-weeks starting from `start` to `end`, inclusive (one query). */
  async figuresOfWeeks(start: string, end: string): Promise<MemberWeek[]> {
    return (await itemsIn(orgId, keys.figuresRange(start, end))).map(parseFigures)
  },

  /** Whether a closed pay period locks the week starting `week` (no write of its timesheets would land). */
  async weekLocked(week: string): Promise<boolean> {
    // A reopened period leaves its lock item behind with no holder: locked is a holder (or, from
    // before locks had holders, a `periodStart`), as the timesheet write's condition reads it.
    const lock = await table.get(keys.weekLock(orgId, week), true, ['holders', 'periodStart'])
    return lock?.holders !== undefined || lock?.periodStart !== undefined
  },

  /** The closed period that locks the week starting `week` (`lockingPeriodOf`), or undefined when none does. */
  lockingPeriod: (week: string) => lockingPeriodOf(orgId, week),

  /** Stored periods whose first day is from `start` to `end`, inclusive. */
  async periods(start: string, end: string): Promise<StoredPeriod[]> {
    return (await itemsIn(orgId, keys.periodRange(start, end))).map(parsePeriod)
  },

  /** Every closed period of the organization (a schedule change is checked against them). */
  async closed(): Promise<StoredPeriod[]> {
    return (await itemsIn(orgId, keys.periodRange('0000', '9999')))
      .map(parsePeriod)
      .filter((p) => p.status === 'closed')
  },

  /**
   * Closes a period: its state and a lock per workweek in one transaction, conditioned on the
   * period not being closed already. From then on every timesheet write of those weeks fails.
   * A lock knows every period that holds it (`holders`, a set): two closed periods may share a
   * workweek (after a change of schedule), and reopening one must leave the other's lock.
   */
  async close(
    period: Period,
    weeks: string[],
    by: Person,
    effects?: Effects,
    unapproved: ClosedUnapproved[] = [],
  ): Promise<StoredPeriod> {
    const closed: StoredPeriod = {
      ...period,
      status: 'closed',
      closedAt: nowIso(),
      closedBy: { firstName: by.firstName, lastName: by.lastName },
      reopenedReason: null,
      lockedWeeks: weeks,
      unapproved,
    }
    try {
      await table.transact([
        {
          Put: {
            Item: { ...keys.payPeriod(orgId, period.start), ...closed },
            ConditionExpression: 'attribute_not_exists(pk) OR #s <> :closed',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':closed': 'closed' },
          },
        },
        ...weeks.map((week) => ({
          Update: {
            Key: keys.weekLock(orgId, week),
            UpdateExpression: 'ADD holders :p',
            ExpressionAttributeValues: { ':p': new Set([period.start]) },
          },
        })),
        auditRecord(orgId, by, {
          action: 'payPeriod.closed',
          subject: periodSubject(period),
          ...(unapproved.length
            ? { changes: [{ field: 'unapprovedWeeks', before: null, after: unapprovedText(unapproved) }] }
            : {}),
        }),
        ...effectItems(orgId, effects),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw conflict('This pay period is already closed')
      throw e
    }
    return closed
  },

  /**
   * Reopens a closed period with the reason: in the same transaction it leaves its weeks' locks,
   * which stay while another closed period holds them. A lock written before locks knew their
   * holders names one period (`periodStart`); it goes only with that period.
   */
  async reopen(start: string, reason: string, by: Person): Promise<StoredPeriod> {
    const item = await table.get(keys.payPeriod(orgId, start))
    const current = item ? parsePeriod(item) : undefined
    if (!current || current.status !== 'closed') throw conflict('This pay period is not closed')
    const locks = await Promise.all(current.lockedWeeks.map((week) => table.get(keys.weekLock(orgId, week))))
    const reopened: StoredPeriod = {
      ...current,
      status: 'open',
      reopenedReason: reason,
      lockedWeeks: [],
      unapproved: [],
    }
    try {
      await table.transact([
        {
          Put: {
            Item: { ...keys.payPeriod(orgId, start), ...reopened },
            ConditionExpression: '#s = :closed AND closedAt = :at',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':closed': 'closed', ':at': current.closedAt },
          },
        },
        ...current.lockedWeeks.map((week, i) => ({
          Update: {
            Key: keys.weekLock(orgId, week),
            UpdateExpression:
              locks[i]?.periodStart === start ? 'DELETE holders :p REMOVE periodStart' : 'DELETE holders :p',
            ExpressionAttributeValues: { ':p': new Set([start]) },
          },
        })),
        auditRecord(orgId, by, {
          action: 'payPeriod.reopened',
          subject: periodSubject(current),
          changes: [{ field: 'reason', before: null, after: reason }],
        }),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw conflict('This pay period changed at the same moment; reload to see it')
      throw e
    }
    return reopened
  },
})
