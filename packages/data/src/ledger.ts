import { LedgerEntry } from '@app/core'
import { keys } from './keys.ts'
import { nowIso, type TransactInput } from './table.ts'

/** A balance change to post (accrual, carryover, adjustment): its id names its source. */
export type LedgerPosting = Omit<LedgerEntry, 'at' | 'status' | 'requestId'> & { employeeId: string }

/** The Put of a ledger posting (unconditional: a posting written again with the same id replaces itself). */
export const ledgerItem = (orgId: string, p: LedgerPosting): TransactInput => {
  const { employeeId, ...entry } = p
  return {
    Put: {
      Item: {
        ...keys.ledgerEntry(orgId, employeeId, entry.id),
        ...LedgerEntry.parse({ ...entry, at: nowIso(), status: null, requestId: null }),
        employeeId,
      },
    },
  }
}
