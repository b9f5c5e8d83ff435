import { AppError, BulkApproveBody, BulkApproveResult } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import type { OrgDb, QueuedWebhook } from '@app/data'
import { decideTimesheet } from '../workflows/decisions.ts'
import { deliverNow } from '../workflows/webhook-sender.ts'

/**
 * A supervisor approves several pending timesheets in one action. Each is decided by the
 * same workflow as the status PATCH (second approval, delegation, the member-week's figures), in
 * its own transaction with its own audit record, one after the other; one refused does not stop
 * the others, and the answer says which were approved (and of those, which only had their first
 * approval recorded) and why the others were not.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/bulk-approve',
  auth: 'supervisor',
  scope: 'timesheets:decide',
  body: BulkApproveBody,
  response: BulkApproveResult,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    const result: BulkApproveResult = { approved: [], firstApprovals: [], failed: [] }
    const webhooks: QueuedWebhook[] = []
    const shared = sharedReads(db)
    for (const id of body.ids) {
      try {
        const decided = await decideTimesheet(shared, session.user, id, 'approved', '', undefined, webhooks)
        result.approved.push(id)
        // Still pending after an approval: only the first of two was recorded.
        if (decided.status === 'pending') result.firstApprovals.push(id)
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error
        result.failed.push({ id, status: error.status, message: error.message })
      }
    }
    await deliverNow(webhooks)
    return result
  },
})

const once = <T>(read: () => Promise<T>) => {
  let value: Promise<T> | undefined
  return () => (value ??= read())
}

/**
 * One bulk action reads once what every decision of it reads alike (the organization, the
 * supervisors' roster, the time-off policies, the webhooks): the action is one moment. Each
 * timesheet and its member are still read per decision.
 */
const sharedReads = (db: OrgDb): OrgDb => ({
  ...db,
  organization: { ...db.organization, get: once(() => db.organization.get()) },
  aggregates: { ...db.aggregates, supervisorRoster: once(() => db.aggregates.supervisorRoster()) },
  timeOff: { ...db.timeOff, policies: once(() => db.timeOff.policies()) },
  webhooks: { ...db.webhooks, subscriptions: once(() => db.webhooks.subscriptions()) },
})
