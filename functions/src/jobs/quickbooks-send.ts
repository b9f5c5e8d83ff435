import { sendQuickbooksRecords } from '../workflows/quickbooks.ts'
import { runSend } from './integration-send.ts'

/**
 * One run of a queued send to QuickBooks Online (the runner of both vendors,
 * jobs/integration-send.ts): the closed period's TimeActivity records through the organization's
 * connection (the framework's token store), each recorded as QuickBooks accepts it.
 */
export const runQuickbooksSend = (orgId: string, start: string, now = Date.now()) =>
  runSend(orgId, 'quickbooks', start, (db) => sendQuickbooksRecords(db, start), now)
