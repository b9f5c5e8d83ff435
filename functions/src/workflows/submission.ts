import type { Organization, Timesheet, TimesheetDays, User } from '@app/core'
import { outbox, type OrgDb } from '@app/data'
import { reviewEmail } from '../views/emails.ts'
import { decisionLinkUrls } from './decision-links.ts'
import { countQueued, deliver } from './mailer.ts'

/**
 * Submits the submitter's timesheet (already loaded, or by id) and, unless the organization turned
 * them off, queues one review email per other supervisor in the same transaction, then tries to
 * send them. `days`, when given, are saved in that same write (the submit page's save and submit);
 * `org`, when the caller already read it, is not read again.
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
  const reviewers = org.approvalEmails
    ? (await db.users.list()).filter((u) => u.role === 'supervisor' && u.id !== submitter.id && u.email)
    : []
  // The submission's version and days: links from earlier submissions are superseded.
  const submitted = { ...sheet, ...options.days, version: sheet.version + 1 }
  await outbox.assertQuota(db.orgId, reviewers.length)
  const emails = await Promise.all(
    reviewers.map(async (reviewer) => {
      const { approve, decline } = await decisionLinkUrls({
        orgId: db.orgId,
        timesheetId: sheet.id,
        version: submitted.version,
        supervisorId: reviewer.id,
      })
      return outbox.email(reviewEmail(reviewer, submitter, submitted, org, approve, decline))
    }),
  )
  const result = await db.timesheets.submit(sheet, submitter, { ...options, effects: { emails } })
  await countQueued(db.orgId, emails.length)
  await Promise.all(emails.map((e) => deliver(db.orgId, e.id, e.message)))
  return result
}
