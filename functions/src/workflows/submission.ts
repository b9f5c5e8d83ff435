import type { Organization, Timesheet, TimesheetDays, User } from '@app/core'
import type { OrgDb } from '@app/data'
import { brandOf, namesOf, queuedEmail, recipientOf, sheetDaysOf } from '../views/templates.ts'
import { decisionLinkUrls } from './decision-links.ts'
import { deliver } from './mailer.ts'
import { timesheetEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'
import { reviewersFor } from './routing.ts'

/**
 * Submits the submitter's timesheet (already loaded, or by id) and, unless the organization turned
 * them off, queues the review emails in the same transaction, then tries to
 * send them. `days`, when given, are saved in that same write (the submit page's save and submit);
 * `org`, when the caller already read it, is not read again. The emails go to the submitter's
 * approver (or their delegate while away), or with no approver to every other supervisor (issue 31).
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
  const reviewers = org.approvalEmails ? await reviewersWithEmail(db, org, submitter) : []
  // The submission's version and days: links from earlier submissions are superseded.
  const submitted = { ...sheet, ...options.days, version: sheet.version + 1 }
  const emails = await Promise.all(
    reviewers.map(async (reviewer) => {
      const { approve, decline } = await decisionLinkUrls({
        orgId: db.orgId,
        timesheetId: sheet.id,
        version: submitted.version,
        supervisorId: reviewer.id,
      })
      return queuedEmail('review', reviewer.language, {
        to: recipientOf(reviewer),
        employee: namesOf(submitter),
        sheet: sheetDaysOf(submitted),
        organization: brandOf(org),
        approveUrl: approve,
        declineUrl: decline,
      })
    }),
  )
  const webhooks = await db.webhooks.event('timesheet.submitted', timesheetEventData(sheet, 'pending', submitter))
  const result = await db.timesheets.submit(sheet, submitter, { ...options, effects: { emails, webhooks } })
  await Promise.all([...emails.map((e) => deliver(db.orgId, e.id, e.email, 0, org)), deliverNow(webhooks)])
  return result
}

/**
 * The current supervisors a submission of `member` is routed to (or those of `ids`), as members
 * with an email.
 */
export const reviewersWithEmail = async (db: OrgDb, org: Organization, member: User, ids?: string[]) => {
  const users = await Promise.all((ids ?? (await reviewersFor(db, org, member))).map((id) => db.users.find(id)))
  return users.filter((u): u is User => Boolean(u?.email && u.role === 'supervisor' && u.id !== member.id))
}
