import * as z from 'zod'

/**
 * The audit trail: who did what, when, in which organization. Records are written in
 * the same transaction as the change they record and are never edited or deleted.
 */

export const AuditAction = z.enum([
  'timesheet.created',
  'timesheet.saved',
  'timesheet.copiedLastWeek',
  'timesheet.submitted',
  'timesheet.approved',
  'timesheet.firstApproval',
  'timesheet.rejected',
  'timesheet.sentBack',
  'timesheet.reopened',
  'timesheet.locked',
  'payPeriod.closed',
  'payPeriod.reopened',
  'member.added',
  'member.edited',
  'member.removed',
  'members.imported',
  'member.passwordReset',
  'member.pinChanged',
  'kiosk.created',
  'kiosk.revoked',
  'device.signedOut',
  'member.roleChanged',
  'settings.changed',
  'logo.changed',
  'billing.changed',
  'signIn.succeeded',
  'signIn.failed',
  'apiToken.created',
  'apiToken.revoked',
  'webhook.created',
  'webhook.deleted',
  'organization.exported',
  'organization.closed',
  'organization.reopened',
  'timeOff.requested',
  'timeOff.approved',
  'timeOff.rejected',
  'timeOff.cancelled',
  'timeOff.adjusted',
  'timeOff.accrued',
  'timeOff.policiesChanged',
  'holidays.changed',
  'email.heldDropped',
  'integration.connected',
  'integration.disconnected',
  'integration.matched',
  'integration.sent',
  'integration.synced',
  'member.deactivated',
])
export type AuditAction = z.infer<typeof AuditAction>

/** What a person reads for each action (the timeline, the Activity page and its CSV). */
export const auditActionLabel: Record<AuditAction, string> = {
  'timesheet.created': 'Timesheet created',
  'timesheet.saved': 'Timesheet saved',
  'timesheet.copiedLastWeek': 'Last week copied',
  'timesheet.submitted': 'Timesheet submitted',
  'timesheet.approved': 'Timesheet approved',
  'timesheet.firstApproval': 'First approval recorded',
  'timesheet.rejected': 'Timesheet rejected',
  'timesheet.sentBack': 'Approved timesheet sent back for correction',
  'timesheet.reopened': 'Timesheet reopened',
  'timesheet.locked': 'Timesheet locked',
  'payPeriod.closed': 'Pay period closed',
  'payPeriod.reopened': 'Pay period reopened',
  'member.added': 'Member added',
  'member.edited': 'Member edited',
  'member.removed': 'Member removed',
  'members.imported': 'Members imported from a file',
  'member.passwordReset': 'Password reset',
  'member.pinChanged': 'Kiosk PIN changed',
  'kiosk.created': 'Kiosk created',
  'kiosk.revoked': 'Kiosk revoked',
  'device.signedOut': 'Phone signed out',
  'member.roleChanged': 'Role changed',
  'settings.changed': 'Settings changed',
  'logo.changed': 'Logo changed',
  'billing.changed': 'Billing status changed',
  'signIn.succeeded': 'Signed in',
  'signIn.failed': 'Sign-in failed',
  'apiToken.created': 'API token created',
  'apiToken.revoked': 'API token revoked',
  'webhook.created': 'Webhook created',
  'webhook.deleted': 'Webhook deleted',
  'organization.exported': 'All data exported',
  'organization.closed': 'Organization closed',
  'organization.reopened': 'Organization reopened',
  'timeOff.requested': 'Time off requested',
  'timeOff.approved': 'Time off approved',
  'timeOff.rejected': 'Time off declined',
  'timeOff.cancelled': 'Time off cancelled',
  'timeOff.adjusted': 'Time off balance adjusted',
  'timeOff.accrued': 'Time off accrued',
  'timeOff.policiesChanged': 'Time off policies changed',
  'holidays.changed': 'Holidays and blackout dates changed',
  'email.heldDropped': 'Held email dropped: address not confirmed in 14 days',
  'integration.connected': 'Integration connected',
  'integration.disconnected': 'Integration disconnected',
  'integration.matched': 'Integration matching changed',
  'integration.sent': 'Pay period sent',
  'integration.synced': 'Members synced from Planning Center',
  'member.deactivated': 'Member deactivated (left the Planning Center lists)',
}

/**
 * Who acted: a member, with the name they had at the time (kept when they are removed later),
 * marked when the decision came from an emailed link, or when it came through one of their
 * organization's API tokens (its name kept: 'by API token {name}'); or the product itself ('Stripe', ...).
 */
export const AuditPerson = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  via: z.enum(['emailLink', 'apiToken', 'kiosk']).optional(),
  tokenName: z.string().optional(),
  /** The kiosk a punch was made at ('{member} at kiosk {name}'). */
  kioskName: z.string().optional(),
  /** The approver a delegate acted for ("{delegate} for {approver}"). */
  onBehalfOf: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
})
export const AuditActor = z.union([AuditPerson, z.object({ system: z.string() })])
export type AuditActor = z.infer<typeof AuditActor>

/** How an actor reads: 'Ana Ruiz', 'email link of Ana Ruiz', 'API token Payroll sync', or the system's label. */
export const auditActorLabel = (actor: AuditActor) =>
  'system' in actor
    ? actor.system
    : actor.via === 'apiToken'
      ? `API token ${actor.tokenName ?? ''}`.trim()
      : actor.via === 'kiosk'
        ? `${`${actor.firstName} ${actor.lastName}`.trim()} at kiosk ${actor.kioskName ?? ''}`.trim()
        : `${actor.via === 'emailLink' ? 'email link of ' : ''}${`${actor.firstName} ${actor.lastName}`.trim()}${
            actor.onBehalfOf ? ` for ${`${actor.onBehalfOf.firstName} ${actor.onBehalfOf.lastName}`.trim()}` : ''
          }`

export const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type AuditValue = z.infer<typeof AuditValue>
export const AuditChange = z.object({ field: z.string(), before: AuditValue, after: AuditValue })
export type AuditChange = z.infer<typeof AuditChange>

/**
 * What the record is about: a timesheet (with, in records written since they were added, whose
 * week it is; `employeeName` is added when the trail is read, as the member is named now), a
 * member (with the name they had), or the organization.
 */
export const AuditSubject = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('timesheet'),
    id: z.number().int(),
    employeeId: z.string().optional(),
    weekStartDate: z.string().optional(),
    employeeName: z.string().optional(),
  }),
  z.object({ type: z.literal('member'), id: z.string(), name: z.string() }),
  z.object({ type: z.literal('organization') }),
  z.object({ type: z.literal('payPeriod'), start: z.string(), end: z.string() }),
])
export type AuditSubject = z.infer<typeof AuditSubject>

/** Where a sign-in came from. */
export const AuditClient = z.object({ address: z.string(), userAgent: z.string() })
export type AuditClient = z.infer<typeof AuditClient>

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: AuditActor,
  action: AuditAction,
  subject: AuditSubject,
  changes: z.array(AuditChange),
  client: AuditClient.optional(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/timesheets/{id}/history: the timesheet's records, oldest first. */
export const TimesheetHistory = z.array(AuditEntry)
export type TimesheetHistory = z.infer<typeof TimesheetHistory>

/** GET /api/audit: one page of the organization's records, newest first; `cursor` is null on the last page. */
export const AuditPage = z.object({ items: z.array(AuditEntry), cursor: z.string().nullable() })
export type AuditPage = z.infer<typeof AuditPage>

/** The Activity page's and the CSV's columns, from one record. */
export const auditCsvHeader = ['When', 'Who', 'Action', 'Subject', 'Changes', 'Client address', 'User agent']
export const auditSubjectLabel = (s: AuditSubject) =>
  s.type === 'timesheet'
    ? `Timesheet #${s.id}`
    : s.type === 'member'
      ? s.name
      : s.type === 'payPeriod'
        ? `Pay period ${s.start} to ${s.end}`
        : 'Organization'
