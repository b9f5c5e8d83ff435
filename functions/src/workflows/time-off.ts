import { randomUUID } from 'node:crypto'
import { assertMemberItemInScope } from './campuses.ts'
import {
  balanceOf,
  checkRequest,
  forbidden,
  onBehalfOf,
  policyOf,
  reviewersOf,
  todayIn,
  conflict,
  type Organization,
  type TimeOffRequestInput,
  type User,
  holidaysFor,
} from '@app/core'
import { emailLinkOf, type OrgDb, type QueuedEmail, type StoredTimeOff } from '@app/data'
import { config } from '@app/adapters'
import { brandOf, queuedEmail, recipientOf } from '../views/queued-email.ts'
import { decisionLinkUrls } from './decision-links.ts'
import { deliver } from './mailer.ts'
import { memberRoutingOf } from './routing.ts'
import { timeOffEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'
import { heldReviewersOf, reviewersWithEmail } from './review-requests.ts'
import { refuseClosedWeeks } from './closed-periods.ts'

/**
 * Time off. A request goes to the member's approver (or their delegate while away) as a
 * timesheet does (routing); any supervisor may decide it. Accruals per hours worked are
 * posted with the timesheet's (final) approval, per pay period when a period closes, yearly by the job.
 */

const today = (org: Organization) => todayIn(org.timeZone)

/**
 * Checks and records a member's request, held against their balance; answers it with the
 * reviewers whose email about it waits for their confirmed address.
 */
export const requestTimeOff = async (db: OrgDb, member: User, input: TimeOffRequestInput) => {
  const org = await db.organization.get()
  await refuseClosedWeeks(db, org, input)
  const [policies, calendar, ledger, existing] = await Promise.all([
    db.timeOff.policies(),
    db.timeOff.calendar(),
    db.timeOff.ledger(member.id),
    db.timeOff.list({ employeeId: member.id, from: input.from, to: input.to }),
  ])
  const policy = policyOf(policies, input.kind)
  const { days, hours } = checkRequest({
    request: input,
    policy,
    payType: member.payType,
    role: member.role,
    // A campus's own holidays are its members' only.
    calendar: { ...calendar, holidays: holidaysFor(calendar.holidays, member) },
    existing: existing.filter((r) => r.status === 'pending' || r.status === 'approved'),
    availableHours: balanceOf(
      ledger.filter((e) => e.kind === input.kind),
      today(org),
    ).availableHours,
  })
  // The approver (or their delegate while away; every other supervisor when none) is asked, in the request's transaction.
  const reviewers = org.approvalEmails ? await reviewersWithEmail(db, org, member) : []
  const request = {
    employee: `${member.firstName} ${member.lastName}`,
    kind: policy.name,
    from: input.from,
    to: input.to,
    hours,
  }
  // Each reviewer's own one-click Approve and Decline, naming the request about to be made.
  const id = randomUUID()
  const emails = await Promise.all(
    reviewers.map(async (r) => {
      const { approve, decline } = await decisionLinkUrls({ orgId: db.orgId, timeOffId: id, supervisorId: r.id })
      return queuedEmail('timeOffRequested', r.language, {
        to: recipientOf(r),
        organization: brandOf(org),
        request,
        note: input.note,
        reviewUrl: `${config.appOrigin}/time-off`,
        approveUrl: approve,
        declineUrl: decline,
      })
    }),
  )
  // The time_off.requested deliveries go in the request's transaction, tried after it.
  const webhooks = await db.webhooks.event(
    'time_off.requested',
    timeOffEventData({ id, employeeId: member.id, from: input.from, to: input.to, hours }, 'pending', member),
  )
  const created = await db.timeOff.create({ ...input, id, days, hours }, member, { emails, webhooks })
  await Promise.all([sendNow(db, emails, org), deliverNow(webhooks)])
  return { ...created, reviewEmailsHeldFor: heldReviewersOf(reviewers) }
}

const sendNow = async (db: OrgDb, emails: QueuedEmail[], org: Organization) => {
  await Promise.all(emails.map((e) => deliver(db.orgId, e.id, e.email, 0, org)))
}

/** Who a request is routed to now: the member's approver, or that approver's delegate while away. */
export const requestReviewers = async (db: OrgDb, org: Organization, member: User) => {
  const { roster, today: on } = await memberRoutingOf(db, org, member, member.id)
  return reviewersOf(member.id, roster, on)
}

/**
 * A supervisor's decision, the same from the Time off page and from an emailed link: never on their
 * own request; only from pending, one decision wins. `spendLink` (an emailed link's id) is spent in
 * the decision's transaction, and the record says the decision came from the supervisor's email link.
 */
export const decideTimeOff = async (
  db: OrgDb,
  supervisor: User,
  idOrRequest: string | StoredTimeOff,
  status: 'approved' | 'rejected',
  comments: string,
  spendLink?: string,
) => {
  const request = typeof idOrRequest === 'string' ? await db.timeOff.get(idOrRequest) : idOrRequest
  await assertMemberItemInScope(db, supervisor, request.employeeId, 'time off request')
  if (request.employeeId === supervisor.id) throw forbidden('You cannot approve or decline your own time off')
  if (request.status !== 'pending') throw conflict('This time off request has already been decided')
  const [org, member, policies] = await Promise.all([
    db.organization.get(),
    db.users.findForRecords(request.employeeId),
    db.timeOff.policies(),
  ])
  // A decline puts nothing in a period's figures; an approval does.
  if (status === 'approved') await refuseClosedWeeks(db, org, request)
  const emails = member?.email
    ? [
        queuedEmail('timeOffDecided', member.language, {
          to: recipientOf({ email: member.email, firstName: member.firstName }),
          organization: brandOf(org),
          request: {
            employee: request.employeeName,
            kind: policyOf(policies, request.kind).name,
            from: request.from,
            to: request.to,
            hours: request.hours,
          },
          status,
          comment: comments,
          url: `${config.appOrigin}/time-off`,
        }),
      ]
    : []
  // routing: the approver's delegate deciding is recorded as deciding for the approver.
  const { roster, today } = await memberRoutingOf(db, org, member, request.employeeId)
  const behalfId = onBehalfOf(request.employeeId, supervisor.id, roster, today)
  const behalf = behalfId ? await db.users.findForRecords(behalfId) : undefined
  const actor = spendLink ? emailLinkOf(supervisor) : supervisor
  const by = behalf ? { ...actor, onBehalfOf: behalf } : actor
  const webhooks = await db.webhooks.event(
    status === 'approved' ? 'time_off.approved' : 'time_off.rejected',
    timeOffEventData(request, status, supervisor),
  )
  const decided = await db.timeOff.decide(request, status, comments, by, { emails, webhooks, spendLink })
  await Promise.all([sendNow(db, emails, org), deliverNow(webhooks)])
  return decided
}
