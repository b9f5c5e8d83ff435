import { randomUUID } from 'node:crypto'
import {
  AuditEntry,
  fullName,
  type AuditAction,
  type AuditActor,
  type AuditChange,
  type AuditClient,
  type AuditSubject,
  type AuditValue,
} from '@app/core'
import { keys } from './keys.ts'
import { keyAttributes, queryPage, type PageOptions } from './query-page.ts'
import { table, type TransactInput } from './table.ts'

/** A member as the caller knows them (a `User` will do): the record copies their name as it is now. */
export interface Person {
  id: string
  firstName: string
  lastName: string
}
/**
 * Who acts: a member (marked when they acted from an emailed link, or through an API token, whose
 * name the record keeps; a delegate's decision names the approver it acted for), or the product itself.
 */
export type Actor =
  | (Person & { via?: 'emailLink' | 'apiToken' | 'kiosk'; tokenName?: string; kioskName?: string; onBehalfOf?: Person })
  | { system: string }

export const systemActor = (label: string): Actor => ({ system: label })
/** A supervisor deciding from an emailed Approve/Decline link. */
export const emailLinkOf = (p: Person): Person & { via: 'emailLink' } => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  via: 'emailLink',
})

/** What happened, to what: the actor and the time are added by `auditRecord`. */
export interface AuditEvent {
  action: AuditAction
  subject: AuditSubject
  changes?: AuditChange[]
  client?: AuditClient
}

export const memberSubject = (p: Person): AuditSubject => ({ type: 'member', id: p.id, name: fullName(p) })

const storedActor = (actor: Actor): AuditActor =>
  'system' in actor
    ? { system: actor.system }
    : {
        userId: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
        ...('via' in actor && actor.via ? { via: actor.via } : {}),
        ...('onBehalfOf' in actor && actor.onBehalfOf
          ? {
              onBehalfOf: {
                userId: actor.onBehalfOf.id,
                firstName: actor.onBehalfOf.firstName,
                lastName: actor.onBehalfOf.lastName,
              },
            }
          : {}),
        ...('via' in actor && actor.via === 'apiToken' ? { tokenName: actor.tokenName ?? '' } : {}),
        ...('via' in actor && actor.via === 'kiosk' ? { kioskName: actor.kioskName ?? '' } : {}),
      }

/**
 * Now, but after the last record this process wrote (by a millisecond when the clock has not
 * moved), so one process's records sort in the order they were made.
 */
let lastInstant = 0
const nextInstant = () => {
  lastInstant = Math.max(Date.now(), lastInstant + 1)
  return new Date(lastInstant).toISOString()
}

/**
 * The one way a record is written: a Put for the transaction of the change it records, so a change
 * never commits without its record, nor a record without its change. Records are never updated
 * or deleted (no function here or anywhere writes their keys again).
 */
export const auditRecord = (orgId: string, actor: Actor, event: AuditEvent): TransactInput => ({
  Put: {
    Item: auditItem(orgId, actor, event, nextInstant(), randomUUID()),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
})

/**
 * A record's item, made at `at` with the id `id`: `auditRecord` above for a change, or seeding for
 * the records of a sample organization's history (the demo's Activity page), written with its data.
 */
export const auditItem = (orgId: string, actor: Actor, event: AuditEvent, at: string, id: string) => {
  const entry: AuditEntry = {
    id,
    at,
    actor: storedActor(actor),
    action: event.action,
    subject: event.subject,
    changes: event.changes ?? [],
    ...(event.client ? { client: event.client } : {}),
  }
  const sort = keys.auditSort(at, id)
  return {
    ...keys.auditRecord(orgId, at, id),
    ...entry,
    ...(event.subject.type === 'timesheet'
      ? { gsi1pk: keys.timesheetAudit(orgId, event.subject.id), gsi1sk: sort }
      : {}),
    ...('system' in actor ? {} : { actorId: actor.id, gsi2pk: keys.actorAudit(orgId, actor.id), gsi2sk: sort }),
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === ''
const asValue = (v: unknown): AuditValue =>
  v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as AuditValue)

/** The fields whose value differs between two versions of a thing, before and after ('' and null alike are empty). */
export const changesOf = <T extends object>(
  before: Partial<T>,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
) =>
  fields.flatMap((field): AuditChange[] => {
    const was: unknown = before[field]
    const is: unknown = after[field]
    if ((isEmpty(was) && isEmpty(is)) || JSON.stringify(was) === JSON.stringify(is)) return []
    return [{ field, before: asValue(was), after: asValue(is) }]
  })

/** The upper bound of a time range: records strictly before `to`. */
const upTo = (to: string) => `${to}#`

export const auditOf = (orgId: string) => ({
  /** One timesheet's records, oldest first. */
  async forTimesheet(id: number): Promise<AuditEntry[]> {
    const items = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.timesheetAudit(orgId, id) },
    })
    return items.map((i) => AuditEntry.parse(i))
  },

  /**
   * The organization's records, newest first, a page at a time; `from` (inclusive) and `to`
   * (exclusive) are ISO instants. One member's records come from their own index; an action is
   * a filter, so reads go on until the page is full or the records end; so does `keep` (the
   * records a campus admin may read).
   */
  async list(
    options: PageOptions<AuditEntry> & { from?: string; to?: string; actorId?: string; action?: AuditAction },
  ) {
    const index = options.actorId ? 'gsi2' : undefined
    const { partition, sort } = keyAttributes(index)
    const value = options.actorId ? keys.actorAudit(orgId, options.actorId) : keys.auditPartition(orgId)
    const range =
      options.from && options.to
        ? {
            condition: ` AND ${sort} BETWEEN :from AND :to`,
            values: { ':from': options.from, ':to': upTo(options.to) },
          }
        : options.from
          ? { condition: ` AND ${sort} >= :from`, values: { ':from': options.from } }
          : options.to
            ? { condition: ` AND ${sort} < :to`, values: { ':to': upTo(options.to) } }
            : { condition: '', values: {} }
    const filter = options.action
      ? { FilterExpression: '#action = :action', ExpressionAttributeNames: { '#action': 'action' } }
      : {}
    return queryPage(
      {
        index,
        KeyConditionExpression: `${partition} = :p${range.condition}`,
        ...filter,
        ExpressionAttributeValues: {
          ':p': value,
          ...range.values,
          ...(options.action ? { ':action': options.action } : {}),
        },
      },
      {
        partition: value,
        tablePartition: keys.auditPartition(orgId),
        cursor: options.cursor,
        limit: options.limit,
        keep: options.keep,
        parse: (i) => AuditEntry.parse(i),
      },
    )
  },

  /**
   * Records an event whose change is not in the table (a password set in the staff pool) or that
   * changes nothing (a refused sign-in). Every change of the table records itself in its own
   * transaction instead, through `auditRecord`.
   */
  async record(actor: Actor, event: AuditEvent) {
    const { Put } = auditRecord(orgId, actor, event)
    await table.put(Put!.Item as Parameters<typeof table.put>[0], { ConditionExpression: Put!.ConditionExpression })
  },
})
