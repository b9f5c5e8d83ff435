import { badRequest, conflict, integrationMessages, type IntegrationSendStatus } from '@app/core'
import type { Actor, OrgDb, SendVendor, StoredSend } from '@app/data'

/**
 * A pay period's sends to QuickBooks Online and Gusto, as the routes see them: queued for the
 * send job (jobs/integration-send.ts), and shown with "changed since sent".
 */

/** The period's stored state: closed or not, and when (a reopen and a new close change it). */
export const periodState = async (db: OrgDb, start: string) => {
  const [stored] = await db.payroll.periods(start, start)
  const closed = stored?.start === start && stored.status === 'closed'
  return { status: closed ? ('closed' as const) : ('open' as const), closedAt: closed ? stored.closedAt : null }
}

/**
 * The last send as the Payroll page shows it. A send is changed since sent when the period was
 * reopened after it (still open, or closed again later: its close is not the one that was sent).
 */
export const sendView = (
  stored: StoredSend | null,
  period: { status: 'open' | 'closed'; closedAt: string | null },
): IntegrationSendStatus | null => {
  if (!stored) return null
  const { closedAt, requestedBy: _by, attempts: _attempts, ...view } = stored
  return {
    ...view,
    changedSinceSent: stored.sentAt !== null && (period.status !== 'closed' || period.closedAt !== closedAt),
  }
}

/** What a vendor's send did: its records, and what the vendor refused (the send goes on past a refusal). */
export type SendOutcome = Pick<
  IntegrationSendStatus,
  'created' | 'updated' | 'deleted' | 'unchanged' | 'payrollSynced' | 'paidTimeOffSent' | 'errors'
>

export const sendsOf = (db: OrgDb, vendor: SendVendor) => (vendor === 'gusto' ? db.gustoSends : db.quickbooksSends)

/**
 * POST /api/payroll/periods/{start}/<vendor>/send: queues the send for the send job and answers
 * it. 400 for a period not closed; 409 when the vendor is not connected (or asks for a new
 * connection) or a send of the period is already under way. Nothing is sent within the request.
 */
export const requestSend = async (
  db: OrgDb,
  vendor: SendVendor,
  start: string,
  actor: Actor,
): Promise<IntegrationSendStatus> => {
  const state = await periodState(db, start)
  if (state.status !== 'closed') throw badRequest(integrationMessages.periodNotClosed)
  const connection = await db.integrations.get(vendor)
  if (!connection?.sealedTokens) throw conflict(integrationMessages.notConnected)
  if (connection.reconnectNeeded) throw conflict(integrationMessages.reconnectNeeded)
  const queued = await sendsOf(db, vendor).request(start, 'id' in actor ? actor.id : 'system', state.closedAt)
  return sendView(queued, state)!
}
