import type { MemberWeek } from '@app/core'
import { keys } from './keys.ts'
import { outboxItem, type QueuedEmail } from './outbox.ts'
import { nowIso, type TransactInput } from './table.ts'
import { ledgerItem, type LedgerPosting } from './ledger.ts'
import { webhookDeliveryItem, type QueuedWebhook } from './webhooks.ts'
import { importProgressItems, type ImportProgress } from './member-imports.ts'

/**
 * What must happen in the same transaction as a change, said by name: the data layer turns these
 * into transaction entries, so callers never see `table`, `keys` or `TransactInput`.
 */
export interface Effects {
  /** Emails queued in the organization's outbox (made with `outbox.email`). */
  emails?: QueuedEmail[]
  /** An emailed decision link spent: the change fails if it was already used. */
  spendLink?: string
  /** An approval's payroll figures of the member-week, stored with the decision. */
  figures?: MemberWeek
  /** Deliveries of the change's event to the webhooks subscribed to it (made with `db.webhooks.event`). */
  webhooks?: QueuedWebhook[]
  /** Time-off accruals posted with the change (an approval's hours worked). */
  ledger?: LedgerPosting[]
  /** Ledger postings taken back with the change (a sent-back approval's accruals), by member and id. */
  unpost?: { employeeId: string; id: string }[]
  /** A sent-back approval's payroll figures of the member-week, removed with it (the next approval writes them again). */
  dropFigures?: { weekStartDate: string; employeeId: string }
  /** The row of an import that made the change, counted with it (and a new member's sealed login kept). */
  importProgress?: ImportProgress
}

export const effectItems = (orgId: string, effects: Effects = {}): TransactInput[] => [
  ...(effects.figures
    ? [
        {
          Put: {
            Item: {
              ...keys.weekFigures(orgId, effects.figures.weekStartDate, effects.figures.employeeId),
              ...effects.figures,
            },
          },
        },
      ]
    : []),
  ...(effects.dropFigures
    ? [{ Delete: { Key: keys.weekFigures(orgId, effects.dropFigures.weekStartDate, effects.dropFigures.employeeId) } }]
    : []),
  ...(effects.ledger ?? []).map((posting) => ledgerItem(orgId, posting)),
  ...(effects.unpost ?? []).map((p) => ({ Delete: { Key: keys.ledgerEntry(orgId, p.employeeId, p.id) } })),
  ...(effects.emails ?? []).map((email) => ({ Put: { Item: outboxItem(orgId, email) } })),
  ...(effects.webhooks ?? []).map((delivery) => ({ Put: { Item: webhookDeliveryItem(delivery) } })),
  ...(effects.importProgress ? importProgressItems(orgId, effects.importProgress) : []),
  ...(effects.spendLink
    ? [
        {
          Put: {
            Item: { ...keys.decisionLinkUse(orgId, effects.spendLink), usedAt: nowIso() },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]
    : []),
]
