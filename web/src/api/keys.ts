import type { TimesheetStatus } from '@app/core'

// The types keys are made of live here, so this module imports no other of src/api (no import circle).

/** The dashboard's status filter; 'all' sends no status. */
export type StatusFilter = 'all' | Exclude<TimesheetStatus, 'draft'>

/** The integrations a closed pay period is sent to. */
export type SendingIntegration = 'quickbooks' | 'gusto'

/** The inclusive range of week start dates a report covers ('YYYY-MM-DD'). */
export interface ReportPeriod {
  start: string
  end: string
}

/**
 * Every query key of the web, in one place. A key is the URL it reads (spec section 7: default
 * reads use the first query key as the URL), and a key that is the prefix of others (the timesheet
 * list, the reports) refreshes them all when invalidated. Declare a key here, never in a screen.
 */
const timesheets = ['/api/timesheets'] as const
const reports = ['/api/timesheets/reports'] as const

export const authKeys = { user: ['/api/auth/user'] as const, signInChoice: ['/api/sign-in/choice'] as const }

export const organizationKeys = {
  settings: ['/api/organization/settings'] as const,
  /** The optional second approval. */
  approvals: ['/api/organization/approvals'] as const,
}

export const notificationKeys = {
  organization: ['/api/organization/notifications'] as const,
  mine: ['/api/profile/notifications'] as const,
}

export const billingKeys = {
  status: ['/api/subscription/status'] as const,
  config: ['/api/billing/config'] as const,
  checkout: (priceId: string, couponCode: string | null) =>
    ['/api/create-subscription', { priceId, couponCode }] as const,
  /** Not an API read: Stripe's own script for a publishable key, loaded once. */
  stripeJs: (publishableKey: string) => ['stripe.js', publishableKey] as const,
}

export const timesheetKeys = {
  /** Every list of timesheets starts with this key. */
  all: timesheets,
  list: (status: StatusFilter, campusId?: string) => [...timesheets, { status, campusId }] as const,
  currentWeek: ['/api/timesheets/current-week'] as const,
  /** GET /api/timesheets/week?start=: under the lists' key, so every save refreshes it too. */
  week: (start: string) => [...timesheets, { week: start }] as const,
  /** Spec section 7: a cache key only; a decision refreshes it. */
  pending: ['/api/timesheets/pending'] as const,
}

/** What the dashboard shows: the stat row and the timesheet lists (a decision refreshes all of them). */
export const dashboardKeys = {
  stats: ['/api/dashboard/stats'] as const,
  timesheets: timesheetKeys.all,
  pending: timesheetKeys.pending,
}

export const reportKeys = {
  all: reports,
  period: ({ start, end }: ReportPeriod, campusId?: string) => [...reports, { start, end, campusId }] as const,
}

/**
 * A read's key for one campus (the campus filter's `?campusId=`): its own key with the campus
 * beside it, so the key alone still refreshes every campus's read. None: the key as it is.
 */
export const campusKey = <K extends readonly unknown[]>(key: K, campusId: string | undefined) =>
  campusId ? ([...key, { campusId }] as const) : key

export const memberKeys = { all: ['/api/employees'] as const }
/** Employees → Import: one import's state, read at its own URL. */
export const memberImportKeys = {
  one: (id: string) => [`/api/employees/imports/${encodeURIComponent(id)}`] as const,
}

/** Settings → Campuses: the church's campuses (none for most). */
export const campusKeys = { all: ['/api/organization/campuses'] as const }

/** Settings → API: the organization's tokens, and the published API description. */
/** Settings → Data: one export's state, read at its own URL. */
export const exportKeys = { one: (id: string) => [`/api/organization/export/${encodeURIComponent(id)}`] as const }

/** Settings → Kiosk (supervisors), and what a kiosk reads: the members it shows and itself. */
export const kioskKeys = {
  all: ['/api/kiosks'] as const,
  members: ['/api/kiosk/members'] as const,
  info: ['/api/kiosk'] as const,
}

/** The phones the signed-in member is kept signed in on (Profile). */
export const deviceKeys = { all: ['/api/profile/devices'] as const }

export const apiTokenKeys = { all: ['/api/tokens'] as const, openapi: ['/api/openapi.json'] as const }
/** Settings → Integrations: each integration's state, and a vendor's matching of our people and codes to its own. */
export const integrationKeys = {
  all: ['/api/integrations'] as const,
  matching: (vendor: SendingIntegration) => [`/api/integrations/${vendor}/matching`] as const,
}

/** Settings → Webhooks; a webhook's deliveries are read by their own URL. */
export const webhookKeys = {
  all: ['/api/webhooks'] as const,
  deliveries: (id: string) => [`/api/webhooks/${encodeURIComponent(id)}/deliveries`] as const,
}

const payrollSummary = ['/api/payroll/summary'] as const
const volunteerHours = ['/api/reports/volunteer-hours'] as const

/** Payroll. A decision or a closed period changes the periods, the summaries and the volunteer hours. */
export const payrollKeys = {
  settings: ['/api/payroll/settings'] as const,
  /** Every page of the pay periods list. */
  periods: ['/api/payroll/periods'] as const,
  /** Every summary, whatever its range. */
  summaries: payrollSummary,
  summary: (from: string, to: string) => [...payrollSummary, { from, to }] as const,
  /** Every volunteer report, whatever its range. */
  volunteerReports: volunteerHours,
  volunteerHours: (from: string, to: string) => [...volunteerHours, { from, to }] as const,
  /** A closed period's preview for a vendor (QuickBooks Online, Gusto) and its last send there. */
  send: (vendor: SendingIntegration, start: string) => [`/api/payroll/periods/${start}/${vendor}`] as const,
}

const allocationReports = ['/api/reports/allocation'] as const

/** The ministries and funds, and the allocation report (a decision changes every report). */
export const allocationKeys = {
  codes: ['/api/organization/allocation-codes'] as const,
  /** Every allocation report, whatever its range. */
  reports: allocationReports,
  report: (from: string, to: string) => [...allocationReports, { from, to }] as const,
}

/** The audit trail: one timesheet's history (read again at each version), and the Activity page's lists. */
export const auditKeys = {
  history: (id: number, version: number) => [`/api/timesheets/${id}/history`, { version }] as const,
  all: ['/api/audit'] as const,
  list: (filters: object) => ['/api/audit', filters] as const,
}

export const offlineKeys = {
  /** Not an API read: the saves this device keeps until they sync (src/offline). */
  saves: ['offline:saves'] as const,
}

const timeOffRequests = ['/api/time-off'] as const
const timeOffBalances = ['/api/time-off/balances'] as const

/**
 * Time off. Every list of requests starts with `all` (a request, decision or cancel
 * refreshes them all); every balance with `balances`.
 */
export const timeOffKeys = {
  all: timeOffRequests,
  /** The requests touching these dates (`from`, `to`), of one status or all. */
  range: (params: { status?: string; from?: string; to?: string }) => [...timeOffRequests, params] as const,
  balances: timeOffBalances,
  /** A member's balances (supervisors), or the caller's own without an id. */
  balancesOf: (employeeId: string | null) => [...timeOffBalances, { employeeId }] as const,
  policies: ['/api/time-off/policies'] as const,
  holidays: ['/api/organization/holidays'] as const,
}
