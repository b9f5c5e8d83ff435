import {
  actingFor,
  approvalStep,
  conflict,
  DEFAULT_PAY_TYPE,
  isPaidMember,
  memberWeek,
  onBehalfOf,
  REPEAT_APPROVAL_MESSAGE,
  type DecidedTimesheet,
  todayIn,
  type Organization,
  notFound,
  weekInScope,
  type Timesheet,
  type User,
} from '@app/core'
import { config } from '@app/adapters'
import { emailLinkOf, type OrgDb, type QueuedEmail, type QueuedWebhook } from '@app/data'
import { queuedEmail } from '../views/queued-email.ts'
import { deliver } from './mailer.ts'
import { timesheetEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'
import { rulesOf, withPayroll } from './payroll.ts'
import { withMember } from './routing.ts'
import { finalApprovalEmails, finalReviewerIdsIn } from './review-requests.ts'
import { earningByHoursWorked, weekAccrualChanges } from './time-off-accruals.ts'

type DecideExtras = Parameters<OrgDb['timesheets']['decide']>[4]
type DecideOptions = Parameters<OrgDb['timesheets']['decide']>[5]

export const WAITING_FOR_FINAL_MESSAGE =
  'This timesheet already has its first approval; a final approver must approve it'

/** The download route of an approved timesheet's CSV (download-csv): it makes the file on first use and redirects. */
export const timesheetCsvUrl = (id: number) => `${config.appOrigin}/api/timesheets/${id}/download-csv`

/**
 * A supervisor's decision, the same from the dashboard and from an emailed link: only from
 * pending, exactly one decision wins, and a rejection queues the employee's email in the same
 * transaction. `spendLink` (an emailed link's id) is spent in that transaction too, and the record
 * says the decision came from the supervisor's email link. An approval stores the member-week's
 * payroll figures (with the member's pay type at that moment) in the same transaction, for
 * summaries, periods and payroll files. Approving writes no file: the answer's `csvDownloadUrl`
 * (spec section 7) is the download route, which makes the CSV on its first use and redirects to it
 * (after a first approval of two, it yields the CSV once the final approval is given).
 *
 * Any supervisor may decide. The approver's delegate deciding is recorded as deciding
 * for the approver. With the second approval on, an approval by someone who is not a final
 * approver is the first of two: the timesheet stays pending (no figures) and the final approvers
 * get the review email in the same transaction; the answer names those whose email waits for their
 * confirmed address (`reviewEmailsHeldFor`).
 */
export const decideTimesheet = async (
  db: OrgDb,
  supervisor: User,
  sheetOrId: Timesheet | number,
  status: 'approved' | 'rejected',
  comments: string,
  spendLink?: string,
  /** Bulk approval: the webhook deliveries are gathered here and tried together at the end, not one decision at a time. */
  later?: QueuedWebhook[],
): Promise<DecidedTimesheet> => {
  const deliver = (queued: QueuedWebhook[]) => (later ? (later.push(...queued), Promise.resolve()) : deliverNow(queued))
  const by = spendLink ? emailLinkOf(supervisor) : supervisor
  const { sheet, org, employee, behalf, step, reviewers, policies, ledger, subscriptions } = await decisionReads(
    db,
    supervisor,
    sheetOrId,
    status,
  )
  // A campus admin decides only the weeks worked at their campuses (a member's who moved away
  // included), as their lists hold them; another's is not found.
  if (!weekInScope(supervisor, sheet, employee)) throw notFound('timesheet')
  // The member as read (consistently): the route their week's counts move under.
  const options = { onBehalfOf: behalf, member: employee }
  /** Stores this decision by this supervisor (through the emailed link when there is one). */
  const decide = (what: Omit<DecideExtras, 'spendLink'>, opts: DecideOptions = options) =>
    db.timesheets.decide(sheet, by, status, comments, { spendLink, ...what }, opts)
  if (status === 'approved') {
    if (step === 'repeat' && sheet.status === 'pending') throw conflict(REPEAT_APPROVAL_MESSAGE)
    if (step === 'waiting' && sheet.status === 'pending') throw conflict(WAITING_FOR_FINAL_MESSAGE)
    if (step === 'first' && sheet.status === 'pending' && employee) {
      const { emails, heldFor } = await finalApprovalEmails(db, org, sheet, employee, reviewers)
      const recorded = await decide({ emails }, { ...options, firstOfTwo: true })
      await sendNow(db, emails, org)
      return {
        ...withPayroll(recorded, org, employee),
        csvDownloadUrl: timesheetCsvUrl(recorded.id),
        reviewEmailsHeldFor: heldFor,
      }
    }
    // The week's campus goes with its figures: payroll by campus counts it where it was worked.
    const campusId = sheet.campusId ?? employee?.campusId ?? undefined
    const figures = {
      ...memberWeek(
        sheet,
        rulesOf(org),
        employee?.payType ?? DEFAULT_PAY_TYPE,
        employee?.role ?? 'employee',
        employee?.defaultCode ?? null,
      ),
      ...(campusId ? { campusId } : {}),
    }
    // An unpaid supervisor's week is approved with no payroll figures (no payroll line) and accrues
    // nothing; a volunteer's figures are kept, for the volunteer report.
    const paid = !employee || employee.role === 'volunteer' || isPaidMember(employee)
    // Per-hours-worked time off accrues in the final approval's own transaction, the member's later
    // weeks' accruals worked out again with it (a cap they met may now hold more or less back).
    const accruals =
      paid && policies && ledger ? weekAccrualChanges(employee, policies, ledger, { approved: figures }) : {}
    const webhooks = subscriptions('timesheet.approved', timesheetEventData(sheet, 'approved', supervisor))
    const approved = await decide({ figures: paid ? figures : undefined, webhooks, ...accruals })
    await deliver(webhooks)
    return { ...withPayroll(approved, org, employee), csvDownloadUrl: timesheetCsvUrl(approved.id) }
  }
  const email = declinedEmail(org, employee, sheet, comments)
  const webhooks = subscriptions('timesheet.rejected', timesheetEventData(sheet, 'rejected', supervisor))
  const rejected = await decide({ emails: email ? [email] : [], webhooks })
  await Promise.all([sendNow(db, email ? [email] : [], org), deliver(webhooks)])
  return withPayroll(rejected, org, employee)
}

/** The member's decline email (a rejection's, a sent-back week's), with the comment; none without an address. */
export const declinedEmail = (org: Organization, employee: User | undefined, sheet: Timesheet, comments: string) =>
  employee?.email
    ? queuedEmail('declined', employee.language, {
        to: employee.email,
        firstName: employee.firstName,
        organizationName: org.name,
        logoUrl: org.logoUrl,
        weekStartDate: sheet.weekStartDate,
        comment: comments,
        signInUrl: `${config.appOrigin}${employee.authType === 'local' ? '/staff-login' : '/api/login'}`,
      })
    : undefined

/**
 * Everything a decision reads before its transaction, in two rounds of parallel reads whatever
 * the routing and the size of the organization: first what needs no timesheet (the timesheet
 * itself when only its id is known, the organization, the supervisors' routing from the routing
 * item, the time-off policies, the webhooks), then what needs its member (the member, read
 * consistently: with the supervisors, the whole part of the roster the week is routed by). Whom a
 * delegate decides for, the final approvers asked after a first approval and the member's time-off
 * ledger depend on the member's approver, so the second round reads those that may be needed (the
 * supervisors who stand in for another today on the decider, the final approvers asked, the ledger
 * when a policy accrues by hours worked) and the routing then keeps those it names.
 */
const decisionReads = async (
  db: OrgDb,
  supervisor: User,
  sheetOrId: Timesheet | number,
  status: 'approved' | 'rejected',
) => {
  const [sheet, org, supervisors, policies, subscriptions] = await Promise.all([
    typeof sheetOrId === 'number' ? db.timesheets.get(sheetOrId) : sheetOrId,
    db.organization.get(),
    db.aggregates.supervisorRoster(),
    status === 'approved' ? db.timeOff.policies() : undefined,
    db.webhooks.subscriptions(),
  ])
  const today = todayIn(org.timeZone)
  const own = sheet.employeeId === supervisor.id
  // Whom the decider may decide for: the supervisors whose delegate they are today.
  const standsInFor = own
    ? []
    : [...supervisors.keys()].filter(
        (id) => id !== supervisor.id && actingFor(id, supervisors, today) === supervisor.id,
      )
  // Who may be asked for the final approval: they depend only on the supervisors (not on the member's approver).
  const mayAsk =
    status === 'approved' && !own && org.approvalEmails && !sheet.approvals.length
      ? finalReviewerIdsIn({ roster: supervisors, today }, org.approvals, sheet.employeeId, supervisor.id, null)
      : []
  const mayAccrue =
    policies !== undefined && !own && policies.policies.some((p) => p.accrual.method === 'perHoursWorked')
  const [employee, standIns, maybeLedger, asked] = await Promise.all([
    db.users.findForRecords(sheet.employeeId, true),
    Promise.all(standsInFor.map((id) => db.users.findForRecords(id))),
    // Read consistently: the week approved just before this one (a bulk approval's) counts against the cap.
    mayAccrue ? db.timeOff.ledger(sheet.employeeId, { consistent: true }) : [],
    Promise.all(mayAsk.map((id) => db.users.findForRecords(id))),
  ])
  const routing = { roster: withMember(supervisors, sheet.employeeId, employee), today }
  const behalfId = own ? null : onBehalfOf(sheet.employeeId, supervisor.id, routing.roster, routing.today)
  const step =
    status === 'rejected'
      ? undefined
      : own
        ? 'final' // refused by the data layer: nobody decides their own week
        : approvalStep({
            memberId: sheet.employeeId,
            deciderId: supervisor.id,
            onBehalfOfId: behalfId,
            settings: org.approvals,
            roster: routing.roster,
            approvals: sheet.approvals,
          })
  const reviewerIds =
    step === 'first' && org.approvalEmails
      ? finalReviewerIdsIn(routing, org.approvals, sheet.employeeId, supervisor.id, behalfId)
      : []
  const accrues = step === 'final' && policies !== undefined && earningByHoursWorked(policies, employee).length > 0
  // Read in the second round as routing may need them; should routing name another, it is read now.
  const readAs = (id: string, ids: string[], read: Awaited<ReturnType<typeof db.users.findForRecords>>[]) =>
    ids.includes(id) ? read[ids.indexOf(id)] : db.users.findForRecords(id)
  const [behalf, reviewers] = await Promise.all([
    behalfId ? readAs(behalfId, standsInFor, standIns) : undefined,
    Promise.all(reviewerIds.map((id) => readAs(id, mayAsk, asked))),
  ])
  const ledger = accrues ? maybeLedger : undefined
  return { sheet, org, employee, behalf, step, reviewers, policies, ledger, subscriptions }
}

export const sendNow = async (db: OrgDb, emails: QueuedEmail[], org: Organization) => {
  if (!emails.length) return
  await Promise.all(emails.map((e) => deliver(db.orgId, e.id, e.email, 0, org)))
}
