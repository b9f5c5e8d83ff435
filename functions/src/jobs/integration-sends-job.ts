import { integrationSendsDue, orgDb } from '@app/data'
import { gustoConnectionOf } from '../workflows/gusto-connection.ts'
import { runGustoSend, type GustoSendDeps } from './gusto-send.ts'
import { runQuickbooksSend } from './quickbooks-send.ts'

/** Gusto's connection through the organization's token store (tests give the double's). */
export const storedGustoConnection: GustoSendDeps = {
  connection: (orgId) => gustoConnectionOf(orgDb(orgId)),
}

/**
 * The send job (run by the scheduled retry job, beside the outbox's emails and webhooks): every
 * send to QuickBooks Online or Gusto whose time has come, one after another; each run's outcome
 * counted by its state. `orgIds`: only those organizations' (a test's own, so a test's run never
 * takes another test's send with its vendor double).
 */
export const integrationSendJob = async (
  gusto: GustoSendDeps = storedGustoConnection,
  now = new Date(),
  orgIds?: readonly string[],
) => {
  const due = (await integrationSendsDue(now)).filter((d) => !orgIds || orgIds.includes(d.orgId))
  const outcomes: Record<string, number> = {}
  for (const d of due) {
    const outcome =
      d.vendor === 'gusto'
        ? await runGustoSend(d.orgId, d.start, gusto, now.getTime())
        : await runQuickbooksSend(d.orgId, d.start, now.getTime())
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }
  return { sendsDue: due.length, sends: outcomes }
}
