import {
  addDays,
  allocationFields,
  badRequest,
  type AllocationFieldName,
  conflict,
  copyLastWeek,
  NOTHING_TO_COPY_MESSAGE,
  DAYS,
  forbidden,
  fullName,
  withComment,
  withSpansApplied,
  isEditable,
  notFound,
  periodClosedMessage,
  spansField,
  statusLabel,
  Timesheet,
  TimesheetDays,
  weekSpanProblems,
  type AuditAction,
  type TimesheetStatus,
  type WeekTimes,
} from '@app/core'
import type * as z from 'zod'
import { aggregateMoves, movesPending } from './aggregates.ts'
import { routeCheck, routeOf, storedRouteMember, type RouteMember } from './routing-counts.ts'
import { auditRecord, changesOf, type Actor, type Person } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import { keys } from './keys.ts'
import { keepLatestWeek, type LatestWeek } from './latest-week.ts'
import { lockingPeriodOf } from './payroll.ts'
import { keyAttributes, queryPage, type PageOptions } from './query-page.ts'
import { isConditionFailure, nowIso, projectionOf, table, type TransactInput } from './table.ts'

export const staleVersionMessage =
  'This timesheet was changed somewhere else (another device or tab) since you opened it. Reload to see the latest version; nothing was overwritten.'

const emptyDays = (): TimesheetDays => ({
  mondayStart: '', mondayEnd: '', mondayActivity: '', mondayBreakMinutes: 0,
  tuesdayStart: '', tuesdayEnd: '', tuesdayActivity: '', tuesdayBreakMinutes: 0,
  wednesdayStart: '', wednesdayEnd: '', wednesdayActivity: '', wednesdayBreakMinutes: 0,
  thursdayStart: '', thursdayEnd: '', thursdayActivity: '', thursdayBreakMinutes: 0,
  fridayStart: '', fridayEnd: '', fridayActivity: '', fridayBreakMinutes: 0,
  saturdayStart: '', saturdayEnd: '', saturdayActivity: '', saturdayBreakMinutes: 0,
  sundayStart: '', sundayEnd: '', sundayActivity: '', sundayBreakMinutes: 0,
  notes: '',
}) // prettier-ignore

/**
 * The timesheets of one organization. Every status change is a transaction that also moves the
 * organization's per-status counts, conditioned on the version that was read, so two writers
 * can never both win and the counts always equal the true numbers.
 */
/** A timesheet as stored: its fields, its key and the index keys of its access patterns. */
export const timesheetItem = (t: Timesheet) => ({
  ...keys.timesheet(t.organizationId, t.id),
  ...t,
  gsi1pk: keys.employeeTimesheets(t.organizationId, t.employeeId),
  gsi1sk: keys.weekSort(t.weekStartDate, t.id),
  // Sparse: the organization's list shows submissions, not drafts still being written.
  gsi2pk: t.status === 'draft' ? undefined : keys.orgTimesheets(t.organizationId),
  gsi2sk: t.status === 'draft' ? undefined : keys.weekSort(t.weekStartDate, t.id),
  gsi3pk: keys.statusTimesheets(t.organizationId, t.status),
  gsi3sk: keys.weekSort(t.weekStartDate, t.id),
})

/** What the payroll export shows of a timesheet (its row): only these are read and parsed. */
const EXPORT_FIELDS = [
  'id',
  'employeeId',
  'weekStartDate',
  'status',
  'approvedBy',
  'approvedAt',
  'submittedAt',
  // Where the week was worked: a campus's file holds it there.
  'campusId',
  ...DAYS.flatMap((day) => [`${day}Start`, `${day}End`, `${day}BreakMinutes`, `${day}Spans`] as const),
] as const
type ExportField = (typeof EXPORT_FIELDS)[number]
const ExportedTimesheet = Timesheet.pick(
  Object.fromEntries(EXPORT_FIELDS.map((field) => [field, true])) as { [K in ExportField]: true },
)
export type ExportedTimesheet = z.infer<typeof ExportedTimesheet>
const exportProjection = projectionOf(EXPORT_FIELDS)

/**
 * What lists, reports and the week answer of a timesheet: its fields, not the index keys stored
 * beside them (a list's query adds its own keys, for its cursor).
 */
const TIMESHEET_FIELDS = Object.keys(Timesheet.shape)

/** What routing a pending timesheet reads: its member and its approvals. */

/**
 * How many week ranges the payroll export reads at once. Each range is one query read page after
 * page (about 1 MB each), so a year of a large organization takes a few pages per range.
 */
const EXPORT_RANGES = 4
const DAY_MS = 86_400_000

/** `count` consecutive date ranges, as even as whole days allow, covering `oldest` to `newest`, newest first. */
const dateRanges = (oldest: string, newest: string, count: number) => {
  const size = Math.ceil(((Date.parse(newest) - Date.parse(oldest)) / DAY_MS + 1) / count)
  const ranges: { start: string; end: string }[] = []
  for (let end = newest; end >= oldest; end = addDays(end, -size)) ranges.push({ start: addDays(end, 1 - size), end })
  return ranges
}

/**
 * A save carries the whole week, so what a day does not send it has no more. A day whose
 * split is not sent (or is empty) goes to the member's default; no empty split is stored, so a week
 * never split reads as the spec's. A day sent without spans is one span, its start and
 * end; a day's spans are stored only when there are two or more, with its start and end from them.
 */
const ALLOCATION_FIELDS = Object.keys(allocationFields) as AllocationFieldName[]
const asSaved = (days: TimesheetDays): TimesheetDays =>
  withSpansApplied({
    ...days,
    ...Object.fromEntries(ALLOCATION_FIELDS.map((f) => [f, days[f]?.length ? days[f] : undefined])),
  })

/**
 * The spans rule checked where every save and submission lands, whoever made them (a request body
 * is checked by its schema already; a kiosk punch or a week saved before the 24-hour rule is not):
 * a day the schema would refuse is refused the same way, on its spans field.
 */
const refuseSpanProblems = (days: WeekTimes) => {
  const problem = weekSpanProblems(days)[0]
  if (problem) throw badRequest(problem.message, { [spansField(problem.day)]: problem.message })
}

/** The fields a timesheet's records show before and after. */
const RECORDED_FIELDS = ['weekStartDate', 'status', ...TimesheetDays.keyof().options, 'comments'] as const

export const timesheetsOf = (orgId: string) => {
  /** The record of a change from `before` to `after` (a new timesheet has no before). */
  const recordOf = (actor: Actor, action: AuditAction, before: Timesheet | null, after: Timesheet) =>
    auditRecord(orgId, actor, {
      action,
      subject: { type: 'timesheet', id: after.id, employeeId: after.employeeId, weekStartDate: after.weekStartDate },
      changes: changesOf<Timesheet>(before ?? emptyDays(), after, RECORDED_FIELDS),
    })

  const find = async (id: number): Promise<Timesheet | undefined> => {
    const item = await table.get(keys.timesheet(orgId, id), true, TIMESHEET_FIELDS)
    return item ? Timesheet.parse(item) : undefined
  }

  /** Reads a timesheet for a change by its employee: others' timesheets are not found. */
  const ownedBy = async (id: number, employeeId: string) => {
    const t = await find(id)
    if (!t || t.employeeId !== employeeId) throw notFound('timesheet')
    return t
  }

  const checkVersion = (t: Timesheet, expected: number | undefined) => {
    if (expected !== undefined && expected !== t.version) throw conflict(staleVersionMessage)
  }

  /**
   * The one check of a closed pay period: every write of a timesheet carries it, first
   * in its transaction, so no edit, submission or decision lands in a closed week. A lock with no
   * holder left (its periods reopened) is open.
   */
  const weekOpen = (week: string): TransactInput => ({
    ConditionCheck: {
      Key: keys.weekLock(orgId, week),
      // Locked while any closed period holds it (`periodStart`: a lock from before locks had holders).
      ConditionExpression: 'attribute_not_exists(holders) AND attribute_not_exists(periodStart)',
    },
  })
  const periodClosed = (e: unknown) => isConditionFailure(e, 0)
  /** The refusal of a write in `week` that a closed period's lock stopped, naming that period. */
  const periodClosedConflict = async (week: string) => conflict(periodClosedMessage(await lockingPeriodOf(orgId, week)))

  /** What a write of `next` over `current` also requires, and what losing that race answers. */
  type Race = { status?: TimesheetStatus; lost: (e: unknown) => boolean; message: string }
  const versionRace: Race = { lost: (e) => isConditionFailure(e, 1), message: staleVersionMessage }

  /**
   * Writes `next` over `current` if nobody else wrote in between (and, with `race.status`, if it
   * is still in that status), moving the counts with it and recording `action` by `actor`. A new
   * status change (a pay-period close locking a timesheet, a supervisor reopening one) is one
   * more call: `replace(current, next, actor, 'timesheet.locked')`.
   *
   * A write that changes the week's pending stage moves its member's route's count too
   * (routing-counts.ts), under a check that the route is still `member`'s (the caller's copy of
   * the member, else read): a member re-routed meanwhile makes it read the route again and retry.
   */
  const replace = async (
    current: Timesheet,
    next: Timesheet,
    actor: Actor,
    action: AuditAction,
    effects?: Effects,
    race: Race = versionRace,
    member?: RouteMember,
  ) => {
    const routed = movesPending(current, next)
    for (let attempt = 0; ; attempt++) {
      const route = routed && (attempt > 0 || !member) ? await storedRouteMember(orgId, current.employeeId) : member
      const check = routed ? [routeCheck(orgId, current.employeeId, route)] : []
      try {
        await commit(
          current,
          next,
          actor,
          action,
          effects,
          race,
          routed ? routeOf(current.employeeId, route) : undefined,
          check,
        )
        return next
      } catch (e) {
        const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []
        // Only the route moved (the member re-routed meanwhile): counted again under the new one.
        const onlyRoute =
          check.length > 0 &&
          isConditionFailure(e, reasons.length - 1) &&
          reasons.filter((r) => r.Code === 'ConditionalCheckFailed').length === 1
        if (onlyRoute && attempt < 3) continue
        if (periodClosed(e)) throw await periodClosedConflict(current.weekStartDate)
        if (race.lost(e)) throw conflict(race.message)
        throw e
      }
    }
  }

  /** One try of `replace`: the transaction, its route check last. */
  const commit = async (
    current: Timesheet,
    next: Timesheet,
    actor: Actor,
    action: AuditAction,
    effects: Effects | undefined,
    race: Race,
    route: string | undefined,
    check: TransactInput[],
  ) => {
    const unchanged = race.status
      ? {
          ConditionExpression: 'version = :v AND #s = :status',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':v': current.version, ':status': race.status },
        }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } }
    await table.transact([
      weekOpen(current.weekStartDate),
      { Put: { Item: timesheetItem(next), ...unchanged } },
      ...aggregateMoves(orgId, current, next, route),
      recordOf(actor, action, current, next),
      ...effectItems(orgId, effects),
      ...check,
    ])
  }

  /** The timesheet itself when the caller already loaded it, otherwise read by id. */
  const load = async (sheet: number | Timesheet) => (typeof sheet === 'number' ? find(sheet) : sheet)

  const newDraft = (employeeId: string, weekStartDate: string, id: number, campusId?: string | null): Timesheet => {
    const now = nowIso()
    return {
      ...emptyDays(),
      id,
      organizationId: orgId,
      employeeId,
      weekStartDate,
      status: 'draft',
      version: 0,
      approvedBy: null,
      approvedAt: null,
      comments: null,
      commentHistory: [],
      submittedAt: null,
      createdAt: now,
      updatedAt: now,
      enteredOffline: false,
      approvals: [],
      ...(campusId ? { campusId } : {}),
    }
  }

  /** The employee's timesheet of that week; `latest` (their member item's hint) saves reading the week's item first. */
  const weekOf = async (employeeId: string, weekStartDate: string, latest?: LatestWeek) => {
    if (latest?.weekStartDate === weekStartDate) {
      const sheet = await find(latest.timesheetId)
      if (sheet?.employeeId === employeeId && sheet.weekStartDate === weekStartDate) return sheet
    }
    const lock = await table.get(keys.employeeWeek(orgId, employeeId, weekStartDate), true, ['timesheetId'])
    return lock ? find(Number(lock.timesheetId)) : undefined
  }

  return {
    find,
    get: async (id: number) => {
      const t = await find(id)
      if (!t) throw notFound('timesheet')
      return t
    },
    weekOf,
    ownedBy,

    /** An empty draft for that week as getOrCreate would make it, but not stored (id 0: it has none yet). */
    unsavedDraft: (employeeId: string, weekStartDate: string) => newDraft(employeeId, weekStartDate, 0),

    /** The employee's timesheet for that week, created as an empty draft the first time. */
    /** The week is made at the member's campus of now (`campusId`), and stays there when they move. */
    async getOrCreate(
      employee: Person & { campusId?: string | null },
      weekStartDate: string,
      expectedVersion?: number,
      latest?: LatestWeek,
    ): Promise<Timesheet> {
      const employeeId = employee.id
      const existing = await weekOf(employeeId, weekStartDate, latest)
      if (existing) return existing
      // A save based on a version of a timesheet that does not exist is stale: refuse it before creating one.
      if (expectedVersion !== undefined && expectedVersion !== 0) throw conflict(staleVersionMessage)
      const counter = await table.update(keys.timesheetCounter(orgId), {
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      })
      const t = newDraft(employeeId, weekStartDate, Number(counter!.n), employee.campusId)
      const made = [
        weekOpen(weekStartDate),
        {
          Put: {
            Item: { ...keys.employeeWeek(orgId, employeeId, weekStartDate), timesheetId: t.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            Item: timesheetItem(t),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...aggregateMoves(orgId, null, t),
        recordOf(employee, 'timesheet.created', null, t),
      ]
      try {
        await table
          .transact([...made, keepLatestWeek(orgId, employeeId, { weekStartDate, timesheetId: t.id })])
          .catch(async (e: unknown) => {
            // Only the hint's condition failed: a member with no item (none is ever deleted, but
            // records may name one) gets the week without it.
            const only = isConditionFailure(e, made.length) && !made.some((_, i) => isConditionFailure(e, i))
            if (!only) throw e
            await table.transact(made)
          })
        return t
      } catch (e) {
        if (periodClosed(e)) throw await periodClosedConflict(weekStartDate)
        // Another request created this week's timesheet first: that one is the week's timesheet.
        if (!isConditionFailure(e, 1)) throw e
        const winner = await weekOf(employeeId, weekStartDate)
        if (!winner) throw e
        return winner
      }
    },

    /** Saves the days of an editable timesheet; a rejected one becomes a draft again. */
    /** `enteredOffline` marks the timesheet for good: some of its times came from an offline device. */
    async saveDays(
      id: number,
      employee: Person,
      days: TimesheetDays,
      expectedVersion?: number,
      options: { enteredOffline?: boolean; atKiosk?: string } = {},
    ) {
      const current = await ownedBy(id, employee.id)
      if (!isEditable(current.status)) {
        throw conflict(`This timesheet is ${statusLabel[current.status]} and can no longer be edited`)
      }
      checkVersion(current, expectedVersion)
      refuseSpanProblems(days)
      return replace(
        current,
        {
          ...current,
          ...asSaved(days),
          status: 'draft',
          version: current.version + 1,
          updatedAt: nowIso(),
          enteredOffline: current.enteredOffline || options.enteredOffline === true,
        },
        // A punch at a kiosk is the member's, recorded 'at kiosk {name}'.
        options.atKiosk === undefined ? employee : { ...employee, via: 'kiosk', kioskName: options.atKiosk },
        'timesheet.saved',
      )
    },

    /**
     * The empty days of an editable timesheet filled from the same weekdays of its
     * member's previous week (times, breaks, activities; never notes), recorded as a save; a
     * rejected one becomes a draft again. 409 when there is nothing to copy.
     */
    async copyLastWeek(id: number, employee: Person) {
      const current = await ownedBy(id, employee.id)
      if (!isEditable(current.status)) {
        throw conflict(`This timesheet is ${statusLabel[current.status]} and can no longer be edited`)
      }
      const previous = await weekOf(employee.id, addDays(current.weekStartDate, -7))
      const { days, copied } = copyLastWeek(current, previous)
      if (copied.length === 0) throw conflict(NOTHING_TO_COPY_MESSAGE)
      return replace(
        current,
        { ...days, status: 'draft', version: current.version + 1, updatedAt: nowIso() },
        employee,
        'timesheet.copiedLastWeek',
      )
    },

    /**
     * Draft or rejected becomes pending; anything else is refused. `days`, when given, are saved in
     * the same write (save and submit); `effects` join the transaction (review emails).
     */
    async submit(
      sheet: number | Timesheet,
      employee: Person,
      options: { expectedVersion?: number; days?: TimesheetDays; effects?: Effects } = {},
    ) {
      const current = await load(sheet)
      if (!current || current.employeeId !== employee.id) throw notFound('timesheet')
      if (!isEditable(current.status)) {
        throw conflict(
          options.days
            ? `This timesheet is ${statusLabel[current.status]} and can no longer be edited`
            : `This timesheet is already ${statusLabel[current.status]} and cannot be submitted again`,
        )
      }
      checkVersion(current, options.expectedVersion)
      refuseSpanProblems({ ...current, ...options.days })
      const now = nowIso()
      return replace(
        current,
        {
          ...current,
          ...(options.days ? asSaved(options.days) : {}),
          status: 'pending',
          version: current.version + 1,
          submittedAt: now,
          updatedAt: now,
          approvals: [],
        },
        employee,
        'timesheet.submitted',
        options.effects,
        versionRace,
        // The submitter's own member item, when the caller has it (a session's).
        'role' in employee && 'supervisorId' in employee ? (employee as RouteMember) : undefined,
      )
    },

    /**
     * A supervisor's decision on a pending timesheet. Exactly one of two concurrent decisions
     * wins (the other gets 409), and nobody decides their own timesheet. `by` is marked
     * (`emailLinkOf`) when the decision came from an emailed link.
     */
    /**
     * `onBehalfOf` is the approver a delegate decides for (kept in the approval, the
     * comment and the record as "{delegate} for {approver}"); `firstOfTwo` records the first of two
     * approvals and leaves the timesheet pending (no payroll figures, no counts move).
     */
    async decide(
      sheet: number | Timesheet,
      by: Person & { via?: 'emailLink' },
      status: 'approved' | 'rejected',
      comment: string,
      effects?: Effects,
      /** `member`: the timesheet's member as the caller read them (their route; read here when absent). */
      options: { onBehalfOf?: Person; firstOfTwo?: boolean; member?: RouteMember } = {},
    ) {
      const current = await load(sheet)
      if (!current) throw notFound('timesheet')
      if (current.employeeId === by.id) throw forbidden('You cannot approve or reject your own timesheet')
      if (current.status !== 'pending') {
        throw conflict(
          `This timesheet is ${statusLabel[current.status]}; only timesheets pending review can be approved or rejected`,
        )
      }
      const now = nowIso()
      const { onBehalfOf } = options
      const first = status === 'approved' && options.firstOfTwo === true
      const approval = { approverId: by.id, onBehalfOfId: onBehalfOf?.id ?? null, at: now }
      const next: Timesheet = {
        ...current,
        status: first ? 'pending' : status,
        version: current.version + 1,
        approvedBy: status === 'approved' && !first ? by.id : null,
        approvedAt: status === 'approved' && !first ? now : null,
        comments: first ? current.comments : comment || null,
        commentHistory: first
          ? current.commentHistory
          : withComment(current.commentHistory, {
              status,
              comment,
              byUserId: by.id,
              byName: fullName(by),
              at: now,
              ...(onBehalfOf ? { onBehalfOfId: onBehalfOf.id, onBehalfOfName: fullName(onBehalfOf) } : {}),
            }),
        approvals: status === 'approved' ? [...current.approvals, approval] : current.approvals,
        updatedAt: now,
      }
      const actor = onBehalfOf ? { ...by, onBehalfOf } : by
      const action = first
        ? 'timesheet.firstApproval'
        : status === 'approved'
          ? 'timesheet.approved'
          : 'timesheet.rejected'
      return replace(
        current,
        next,
        actor,
        action,
        effects,
        {
          status: 'pending',
          // The timesheet changed, or (the only other condition) the emailed link was spent meanwhile.
          lost: (e) => isConditionFailure(e),
          message: 'Another supervisor decided this timesheet at the same moment; reload to see the decision',
        },
        options.member,
      )
    },

    /**
     * A supervisor sends an approved week back for correction: it becomes rejected (the week its
     * member edits and submits again), the comment is its decision comment, and the approval's
     * payroll figures are removed in the same transaction (the next approval writes them again),
     * with `effects` (the decline email, the webhook, the approval's accruals taken back). Under the
     * period lock; exactly one of it and any other write of the sheet wins (the version).
     */
    async sendBack(sheet: number | Timesheet, by: Person, comment: string, effects: Effects = {}) {
      const current = await load(sheet)
      if (!current) throw notFound('timesheet')
      if (current.employeeId === by.id) throw forbidden('You cannot send back your own timesheet')
      if (current.status !== 'approved') {
        throw conflict(`This timesheet is ${statusLabel[current.status]}; only approved timesheets can be sent back`)
      }
      const now = nowIso()
      const next: Timesheet = {
        ...current,
        status: 'rejected',
        version: current.version + 1,
        approvedBy: null,
        approvedAt: null,
        comments: comment,
        commentHistory: withComment(current.commentHistory, {
          status: 'rejected',
          comment,
          byUserId: by.id,
          byName: fullName(by),
          at: now,
        }),
        // The next submission starts its approvals afresh.
        approvals: [],
        updatedAt: now,
      }
      const dropFigures = { weekStartDate: current.weekStartDate, employeeId: current.employeeId }
      return replace(
        current,
        next,
        by,
        'timesheet.sentBack',
        { ...effects, dropFigures },
        {
          ...versionRace,
          status: 'approved',
        },
      )
    },

    /** Timesheets (not drafts) whose week starts between two dates, inclusive, oldest first. */
    async inWeeks(start: string, end: string) {
      const items = await table.queryAll({
        index: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':p': keys.orgTimesheets(orgId),
          ':a': keys.weekRange(start, end).from,
          ':b': keys.weekRange(start, end).to,
        },
        ...projectionOf(TIMESHEET_FIELDS),
      })
      return items.map((i) => Timesheet.parse(i))
    },

    /** Drafts whose week starts between two dates, inclusive (a pay period's unfinished weeks). */
    async draftsInWeeks(start: string, end: string) {
      const items = await table.queryAll({
        index: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :p AND gsi3sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':p': keys.statusTimesheets(orgId, 'draft'),
          ':a': keys.weekRange(start, end).from,
          ':b': keys.weekRange(start, end).to,
        },
      })
      return items.map((i) => Timesheet.parse(i))
    },

    /** Every timesheet in one status, or every submitted one, for the payroll export. */
    async all(status?: TimesheetStatus) {
      const items = await table.queryAll(
        status
          ? {
              index: 'gsi3',
              KeyConditionExpression: 'gsi3pk = :p',
              ExpressionAttributeValues: { ':p': keys.statusTimesheets(orgId, status) },
            }
          : {
              index: 'gsi2',
              KeyConditionExpression: 'gsi2pk = :p',
              ExpressionAttributeValues: { ':p': keys.orgTimesheets(orgId) },
            },
      )
      return items.map((i) => Timesheet.parse(i))
    },

    /**
     * Every submitted timesheet (or every one in `status`) for the payroll export, newest week
     * first and by id within a week, each turned into `row` as soon as its page arrives, so only
     * the rows are kept. The weeks are read as a few date ranges at once (the index sorts by week,
     * then id): each range newest first, each week's ids put back in ascending order.
     */
    async mapForExport<R>(status: TimesheetStatus | undefined, row: (t: ExportedTimesheet) => R): Promise<R[]> {
      const index = status ? 'gsi3' : 'gsi2'
      const key = keyAttributes(index)
      const partition = status ? keys.statusTimesheets(orgId, status) : keys.orgTimesheets(orgId)
      const edge = async (oldest: boolean) => {
        const { items } = await table.query({
          index,
          KeyConditionExpression: `${key.partition} = :p`,
          ExpressionAttributeValues: { ':p': partition },
          ProjectionExpression: 'weekStartDate',
          ScanIndexForward: oldest,
          Limit: 1,
        })
        return items[0]?.weekStartDate as string | undefined
      }
      const [oldest, newest] = await Promise.all([edge(true), edge(false)])
      if (!oldest || !newest) return []

      const readRange = async (range: { start: string; end: string }) => {
        const weeks = keys.weekRange(range.start, range.end)
        const rows: R[] = []
        let week: R[] = []
        let weekStart = ''
        let cursor: Record<string, unknown> | undefined
        do {
          const page = await table.query({
            index,
            KeyConditionExpression: `${key.partition} = :p AND ${key.sort} BETWEEN :a AND :b`,
            ExpressionAttributeValues: { ':p': partition, ':a': weeks.from, ':b': weeks.to },
            ...exportProjection,
            ScanIndexForward: false,
            ExclusiveStartKey: cursor,
          })
          for (const item of page.items) {
            const t = ExportedTimesheet.parse(item)
            if (t.weekStartDate !== weekStart) {
              rows.push(...week.reverse())
              week = []
              weekStart = t.weekStartDate
            }
            week.push(row(t))
          }
          cursor = page.cursor
        } while (cursor)
        rows.push(...week.reverse())
        return rows
      }
      return (await Promise.all(dateRanges(oldest, newest, EXPORT_RANGES).map(readRange))).flat()
    },

    /**
     * Newest week first; `employeeId` limits to one employee, otherwise the whole organization.
     * One employee's timesheets in one status are filtered on the employee's index, so reads
     * continue until the page is full or the employee has no more: a short page means the end.
     */
    /** `keep`: the weeks the reader may see (a campus admin's), a page still filled with them. */
    async list(options: PageOptions<Timesheet> & { employeeId?: string; status?: TimesheetStatus }) {
      const index = options.employeeId ? 'gsi1' : options.status ? 'gsi3' : 'gsi2'
      const value = options.employeeId
        ? keys.employeeTimesheets(orgId, options.employeeId)
        : options.status
          ? keys.statusTimesheets(orgId, options.status)
          : keys.orgTimesheets(orgId)
      const filtered = Boolean(options.employeeId && options.status)
      const filter = filtered
        ? {
            FilterExpression: '#status = :s',
            ExpressionAttributeValues: { ':p': value, ':s': options.status },
          }
        : { ExpressionAttributeValues: { ':p': value } }
      // The timesheets' fields and the keys a cursor is made of, not the other indexes' keys.
      const { partition, sort } = keyAttributes(index)
      const projection = projectionOf(
        [...TIMESHEET_FIELDS, 'pk', 'sk', partition, sort],
        filtered ? { '#status': 'status' } : {},
      )
      return queryPage(
        { index, KeyConditionExpression: `${partition} = :p`, ...filter, ...projection },
        {
          partition: value,
          tablePartition: keys.orgPk(orgId),
          cursor: options.cursor,
          limit: options.limit,
          keep: options.keep,
          parse: (i) => Timesheet.parse(i),
        },
      )
    },

    async counts(): Promise<Record<TimesheetStatus, number>> {
      const item = (await table.get(keys.timesheetStats(orgId))) ?? {}
      const n = (k: string) => Number(item[k] ?? 0)
      return { draft: n('draft'), pending: n('pending'), approved: n('approved'), rejected: n('rejected') }
    },
  }
}
