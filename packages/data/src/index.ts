/**
 * What the app may use: the organization-bound modules, the cross-organization lookups, sessions
 * and the outbox. The table and its keys are not here: tests reach them through `@app/data/testing`,
 * and seeding through `@app/data/seed`.
 */
export * from './table-definition.ts'
export * from './sessions.ts'
export { apiTokens, type ApiTokenGrant } from './api-tokens.ts'
export { dataExports, type StoredExport } from './exports.ts'
export {
  countsOf,
  memberImports,
  REFUSED_KEPT,
  type ImportedLogin,
  type ImportProgress,
  type StoredImport,
} from './member-imports.ts'
export {
  integrationSendsDue,
  GUSTO_SEND_UNDER_WAY,
  nothingSent,
  sendUnderWay,
  type SendVendor,
  type StoredGustoSend,
  type StoredSend,
} from './integration-sends.ts'
export { closedOrganizations, closures, closureState, organizationClosed, type StoredClosure } from './closures.ts'
export * from './org-db.ts'
export * from './system.ts'
export { alreadyConfirmedMessage, duplicateEmailMessage, RESEND_MINUTES, resendTooSoonMessage } from './members.ts'
export { staleVersionMessage } from './timesheets.ts'
export { invalidCursor } from './cursor.ts'
export {
  outbox,
  EMAIL_DAILY_LIMIT,
  MAX_EMAIL_ATTEMPTS,
  HELD_EMAIL_DAYS,
  type OutboxEntry,
  type QueuedEmail,
  type StoredEmail,
  type TemplatedEmail,
} from './outbox.ts'
export type { Effects } from './effects.ts'
export {
  webhookDeliveries,
  type QueuedWebhook,
  type SubscribedEvent,
  type StoredDelivery,
  type StoredWebhook,
} from './webhooks.ts'
export { directoryEntryOf } from './aggregates.ts'
export { inScopeOnly, reachedBy, scopedDirectory } from './campus-scope.ts'
export { campusMemberCheck } from './campuses.ts'
export type { DirectoryEntry, Summary, WeekStats } from './aggregates.ts'
export type { ClosedUnapproved, StoredPeriod } from './payroll.ts'
export { isRefused, type Refused } from './kiosks.ts'
export { emailLinkOf, memberSubject, systemActor, type Actor, type AuditEvent, type Person } from './audit.ts'
export { reminderOrganizations, type Recipient } from './notifications.ts'
export type { LedgerPosting } from './ledger.ts'
export type { StoredTimeOff } from './time-off.ts'
export { memberForSession, type RecordMember } from './users.ts'
export { latestWeekOf, type LatestWeek } from './latest-week.ts'
export {
  CONSENT_MINUTES,
  type OpenConnection,
  type PeriodSent,
  type SentRecord,
  type StoredIntegration,
  type StoredMatch,
} from './integrations.ts'
export {
  organizationOfPlanningCenter,
  planningCenterOrganizations,
  PlanningCenterRun,
  PlanningCenterSettings,
} from './planning-center.ts'
