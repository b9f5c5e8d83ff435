import { withSpansApplied, type Organization, type Timesheet, type TimesheetDays, type User } from '@app/core'
import type { OrgDb } from '@app/data'
import { deliver } from './mailer.ts'
import { submissionReviewEmails } from './review-requests.ts'
import { timesheetEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'

/**
 * Submits the submitter's timesheet (already loaded, or by id) and, unless the organization turned
 * them off, queues the review emails in the same transaction, then tries to
 * send them. `days`, when given, are saved in that same write (the submit page's save and submit);
 * `org`, when the caller already read it, is not read again. The emails go to the submitter's
 * approver (or their delegate while away), or with no approver to every other supervisor.
 * Answers the submitted week and the reviewers whose email waits for their confirmed address.
 */
export const submitWithReviewEmails = async (
  db: OrgDb,
  submitter: User,
  sheetOrId: Timesheet | number,
  { org: loadedOrg, ...options }: { expectedVersion?: number; days?: TimesheetDays; org?: Organization } = {},
) => {
  const [sheet, org] = await Promise.all([
    typeof sheetOrId === 'number' ? db.timesheets.ownedBy(sheetOrId, submitter.id) : sheetOrId,
    loadedOrg ?? db.organization.get(),
  ])
  // The submission's version and days as saved (a day sent without spans is one span): links from
  // earlier submissions are superseded.
  const { emails, heldFor } = await submissionReviewEmails(db, org, submitter, {
    ...sheet,
    ...(options.days && withSpansApplied(options.days)),
    version: sheet.version + 1,
  })
  const webhooks = await db.webhooks.event('timesheet.submitted', timesheetEventData(sheet, 'pending', submitter))
  const result = await db.timesheets.submit(sheet, submitter, { ...options, effects: { emails, webhooks } })
  await Promise.all([...emails.map((e) => deliver(db.orgId, e.id, e.email, 0, org)), deliverNow(webhooks)])
  return { submitted: result, reviewEmailsHeldFor: heldFor }
}
