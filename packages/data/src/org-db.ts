import { aggregatesOf } from './aggregates.ts'
import { allocationCodesOf } from './allocation-codes.ts'
import { apiTokensOf } from './api-tokens.ts'
import { campusesOf } from './campuses.ts'
import { auditOf } from './audit.ts'
import { closureOf } from './closures.ts'
import { decisionLinksOf } from './decision-links.ts'
import { exportsOf } from './exports.ts'
import { gustoSendsOf, integrationSendsOf } from './integration-sends.ts'
import { integrationsOf } from './integrations.ts'
import { kiosksOf } from './kiosks.ts'
import { membersOf } from './members.ts'
import { memberImportsOf } from './member-imports.ts'
import { notificationsOf } from './notifications.ts'
import { organizationRead } from './organizations.ts'
import { payrollOf } from './payroll.ts'
import { planningCenterOf } from './planning-center.ts'
import { timeOffOf } from './time-off.ts'
import { timesheetsOf } from './timesheets.ts'
import { usersOf } from './users.ts'
import { webhooksOf } from './webhooks.ts'

/**
 * The data modules with one organization bound; handlers only ever see this. `read.organization`:
 * the organization's item already read in this request (with its session), answered by the first
 * `organization.get()`.
 */
export const orgDb = (orgId: string, read: { organization?: Record<string, unknown> } = {}) => ({
  orgId,
  organization: organizationRead(orgId, read.organization),
  users: usersOf(orgId),
  members: membersOf(orgId),
  memberImports: memberImportsOf(orgId),
  timesheets: timesheetsOf(orgId),
  decisionLinks: decisionLinksOf(orgId),
  payroll: payrollOf(orgId),
  audit: auditOf(orgId),
  notifications: notificationsOf(orgId),
  aggregates: aggregatesOf(orgId),
  apiTokens: apiTokensOf(orgId),
  exports: exportsOf(orgId),
  webhooks: webhooksOf(orgId),
  closure: closureOf(orgId),
  kiosks: kiosksOf(orgId),
  allocationCodes: allocationCodesOf(orgId),
  campuses: campusesOf(orgId),
  timeOff: timeOffOf(orgId),
  gustoSends: gustoSendsOf(orgId),
  quickbooksSends: integrationSendsOf(orgId, 'quickbooks'),
  integrations: integrationsOf(orgId),
  planningCenter: planningCenterOf(orgId),
})
export type OrgDb = ReturnType<typeof orgDb>
