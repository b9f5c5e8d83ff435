import {
  finalReviewersOf,
  inScope,
  type HeldReviewer,
  type Organization,
  type Roster,
  type Timesheet,
  type User,
} from '@app/core'
import type { OrgDb, QueuedEmail } from '@app/data'
import type { SheetDays } from '../views/emails.ts'
import { brandOf, namesOf, queuedEmail, recipientOf, sheetDaysOf } from '../views/queued-email.ts'
import { decisionLinkUrls } from './decision-links.ts'
import { memberRoutingOf, reviewersFor } from './routing.ts'

/**
 * Who is asked to review a week, and the one builder of the emails that ask them: for a submission
 * (the member's approver, or every other supervisor) and for a first approval of two (the final
 * approvers). Each email carries its reader's own one-click links to the week's next version, and
 * the week's days as the emails read them (a split day's spans included).
 */

/**
 * The current supervisors a submission of `member` is routed to (or those of `ids`), as members
 * with an email.
 */
export const reviewersWithEmail = async (db: OrgDb, org: Organization, member: User, ids?: string[]) =>
  askable(await Promise.all((ids ?? (await reviewersFor(db, org, member))).map((id) => db.users.find(id))), member)

/**
 * Of the members read, the supervisors with an email who may be asked about `member`'s week: never
 * the member, and never a campus admin of another campus (asked, they could not open the week).
 */
const askable = (users: (User | undefined)[], member: User) =>
  users.filter((u): u is User =>
    Boolean(u?.email && u.role === 'supervisor' && u.id !== member.id && inScope(u, member)),
  )

/** A week as a review email reads it: its id, the version its links decide, and its days. */
export type ReviewedWeek = SheetDays & Pick<Timesheet, 'id' | 'version'>

/** One review email to each of `reviewers` about `employee`'s `week`, to queue with the change that asks them. */
export const reviewEmails = (
  db: OrgDb,
  org: Organization,
  employee: User,
  week: ReviewedWeek,
  reviewers: User[],
): Promise<QueuedEmail[]> =>
  Promise.all(
    reviewers.map(async (reviewer) => {
      const { approve, decline } = await decisionLinkUrls({
        orgId: db.orgId,
        timesheetId: week.id,
        version: week.version,
        supervisorId: reviewer.id,
      })
      return queuedEmail('review', reviewer.language, {
        to: recipientOf(reviewer),
        employee: namesOf(employee),
        sheet: sheetDaysOf(week),
        organization: brandOf(org),
        approveUrl: approve,
        declineUrl: decline,
      })
    }),
  )

/**
 * The review emails of a submission (`submitted` at its new version), unless the organization
 * turned them off, and `heldFor`: the reviewers among them whose address is not confirmed yet, so
 * their email waits (the mailer holds it) and the submitter can be told who hears of it, and when.
 */
export const submissionReviewEmails = async (
  db: OrgDb,
  org: Organization,
  submitter: User,
  submitted: ReviewedWeek,
): Promise<{ emails: QueuedEmail[]; heldFor: HeldReviewer[] }> => {
  if (!org.approvalEmails) return { emails: [], heldFor: [] }
  const reviewers = await reviewersWithEmail(db, org, submitter)
  return { emails: await reviewEmails(db, org, submitter, submitted, reviewers), heldFor: heldReviewersOf(reviewers) }
}

/** Of the reviewers emailed, those whose address is not confirmed: the mailer holds their email until they confirm it. */
export const heldReviewersOf = (reviewers: User[]): HeldReviewer[] =>
  reviewers.filter((r) => !r.emailConfirmed).map(({ id, firstName, lastName }) => ({ id, firstName, lastName }))

/**
 * Who is asked for the final approval once `firstApproverId` (deciding for `behalfId`, a delegate)
 * recorded the first: the final approvers, or their delegates while away, never the first approver
 * nor the one they decided for (`routing`: the part of the roster the member's week is routed by,
 * or all of it).
 */
export const finalReviewerIdsIn = (
  routing: { roster: Roster; today: string },
  settings: Organization['approvals'],
  employeeId: string,
  firstApproverId: string,
  behalfId: string | null,
) =>
  finalReviewersOf(employeeId, settings, routing.roster, routing.today).filter(
    (id) => id !== firstApproverId && id !== behalfId,
  )

const finalReviewerIds = async (
  db: OrgDb,
  org: Organization,
  employee: User | undefined,
  employeeId: string,
  firstApproverId: string,
  behalfId: string | null,
) =>
  finalReviewerIdsIn(
    await memberRoutingOf(db, org, employee, employeeId),
    org.approvals,
    employeeId,
    firstApproverId,
    behalfId,
  )

/**
 * The review emails to the final approvers (or their delegates) once the first approval is
 * recorded, and `heldFor`: those of them whose address is not confirmed yet (their email waits).
 * `reviewers` are the members `finalReviewerIdsIn` names, read by the decision beside its other
 * reads (routing read them as current supervisors).
 */
export const finalApprovalEmails = async (
  db: OrgDb,
  org: Organization,
  sheet: Timesheet,
  employee: User,
  reviewers: (User | undefined)[],
): Promise<{ emails: QueuedEmail[]; heldFor: HeldReviewer[] }> => {
  if (!org.approvalEmails) return { emails: [], heldFor: [] }
  const asked = askable(reviewers, employee)
  return {
    emails: await reviewEmails(db, org, employee, { ...sheet, version: sheet.version + 1 }, asked),
    heldFor: heldReviewersOf(asked),
  }
}

/**
 * What a week's recorded first approval says to whoever gave it: who was asked for the final one
 * (as routing asks them today) and, for a delegate's, whom it was for.
 */
export const firstApprovalOf = async (
  db: OrgDb,
  sheet: Pick<Timesheet, 'employeeId' | 'approvals'>,
  employee: User | undefined,
): Promise<{ asked: User[]; forApprover: User | undefined }> => {
  const first = sheet.approvals[0]
  if (!first) return { asked: [], forApprover: undefined }
  const org = await db.organization.get()
  const ids = await finalReviewerIds(db, org, employee, sheet.employeeId, first.approverId, first.onBehalfOfId)
  const [asked, forApprover] = await Promise.all([
    Promise.all(ids.map((id) => db.users.findForRecords(id))),
    first.onBehalfOfId ? db.users.findForRecords(first.onBehalfOfId) : undefined,
  ])
  return { asked: asked.filter((u): u is User => Boolean(u)), forApprover }
}
