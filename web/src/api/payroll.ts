import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query'
import { addDays, carriesWeek, PayPeriodEarly, weekEnd } from '@app/core'
import type {
  ExportFormat,
  PayPeriod,
  PayPeriodList,
  PayrollSettings,
  PayrollSettingsUpdate,
  PayrollSummary,
  Person,
  VolunteerHours,
} from '@app/core'
import { ApiError, apiJson, NetworkError, rangeReadQuery, readQuery, withSearch } from './client.ts'
import { campusKey, organizationKeys, payrollKeys, reportKeys, timesheetKeys } from './keys.ts'
import { usePutThrough, useWriteThenRead } from './write-through.ts'

/** GET /api/payroll/settings (supervisors): overtime rules, pay periods, ADP ids, volunteer rate. */
export const payrollSettingsQuery = readQuery<PayrollSettings>(payrollKeys.settings)

export const usePayrollSettings = () => useQuery(payrollSettingsQuery)

/**
 * PUT /api/payroll/settings with the changed fields only. The workweek start is the organization's
 * own setting (the same stored value), so the organization's settings are read again too.
 */
export const useUpdatePayrollSettings = () =>
  // Periods follow the frequency and the anchor.
  usePutThrough<PayrollSettingsUpdate, PayrollSettings>(payrollKeys.settings, [
    organizationKeys.settings,
    payrollKeys.periods,
  ])

/** How many periods one page shows: the current one and the five before it (the API's default). */
export const PERIODS_PER_PAGE = 6

export const periodsUrl = (before: string | null, campusId?: string) =>
  withSearch(
    payrollKeys.periods[0],
    new URLSearchParams({
      ...(before ? { before, count: String(PERIODS_PER_PAGE) } : {}),
      ...(campusId ? { campusId } : {}),
    }),
  )

/**
 * GET /api/payroll/periods, newest first, of one campus (the campus filter's) or the whole church;
 * each further page holds the periods before the oldest shown.
 */
export const payPeriodsFor = (campusId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: campusKey(payrollKeys.periods, campusId),
    queryFn: ({ pageParam }) => apiJson<PayPeriodList>('GET', periodsUrl(pageParam, campusId)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.periods.length < PERIODS_PER_PAGE ? undefined : (last.periods[last.periods.length - 1]?.start ?? undefined),
  })
export const payPeriodsQuery = payPeriodsFor(undefined)

/**
 * Whether a closed pay period holds a week (its last day's period carries it): the one period
 * ending on or after that day, asked as the page before the next day. A sent-back or edited week
 * must be in no closed period.
 */
export const weekInClosedPeriodQuery = (weekStartDate: string) => {
  const after = addDays(weekEnd(weekStartDate), 1)
  return queryOptions({
    queryKey: [...payrollKeys.periods, 'holding', weekStartDate] as const,
    queryFn: () =>
      apiJson<PayPeriodList>(
        'GET',
        withSearch(payrollKeys.periods[0], new URLSearchParams({ before: after, count: '1' })),
      ),
    select: (list) => list.periods.some((p) => p.status === 'closed' && carriesWeek(p, weekStartDate)),
  })
}

/** A closed or reopened period locks or frees its timesheets: every list of them is read again. */
const periodChangeReads = [payrollKeys.periods, timesheetKeys.all, timesheetKeys.currentWeek, reportKeys.all]

const periodUrl = (start: string, action: 'close' | 'reopen') =>
  `${payrollKeys.periods[0]}/${encodeURIComponent(start)}/${action}`

/**
 * POST .../close: 200 with the closed period, or 409 with the people whose timesheets block it, or
 * with the reasons the close is early (`earlyReasonsOf`) unless `closeAnyway` was sent.
 */
export const useClosePeriod = () =>
  useWriteThenRead(
    ({ start, closeAnyway }: { start: string; closeAnyway?: boolean }) =>
      apiJson<PayPeriod>('POST', periodUrl(start, 'close'), closeAnyway ? { closeAnyway: true } : undefined),
    periodChangeReads,
    { always: true },
  )

/** POST .../reopen with the required reason. */
export const useReopenPeriod = () =>
  useWriteThenRead(
    ({ start, reason }: { start: string; reason: string }) =>
      apiJson<PayPeriod>('POST', periodUrl(start, 'reopen'), { reason }),
    periodChangeReads,
    { always: true },
  )

/**
 * The people a refusal names: `blockers` of a refused close (409), `members` of a refused export
 * (400, members without the payroll id the format needs). Empty when the answer names nobody.
 */
export function peopleOfError(error: unknown): Person[] {
  if (!(error instanceof ApiError)) return []
  try {
    const body: unknown = JSON.parse(error.body)
    if (!body || typeof body !== 'object') return []
    const list = 'blockers' in body ? body.blockers : 'members' in body ? body.members : undefined
    return Array.isArray(list) ? (list as Person[]) : []
  } catch {
    return []
  }
}

/** The reasons of a close refused as early (409: not ended, weeks not submitted); null for any other failure. */
export function earlyReasonsOf(error: unknown): PayPeriodEarly['reasons'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  try {
    const parsed = PayPeriodEarly.safeParse(JSON.parse(error.body))
    return parsed.success ? parsed.data.reasons : null
  } catch {
    return null
  }
}

export const exportFormatLabel: Record<ExportFormat, string> = {
  csv: 'CSV',
  gusto: 'Gusto',
  'quickbooks-iif': 'QuickBooks IIF',
  adp: 'ADP',
}

export const EXPORT_FORMATS = Object.keys(exportFormatLabel) as ExportFormat[]

/** GET /api/payroll/export: the API redirects to a 15-minute pre-signed file. */
export const payrollExportUrl = (format: ExportFormat, from: string, to: string, campusId?: string) =>
  `/api/payroll/export?${new URLSearchParams({ format, from, to, ...(campusId ? { campusId } : {}) }).toString()}`

/**
 * Asks for an export without following its redirect, so a refusal (a 400 naming the members
 * without a payroll id) can be shown on the page instead of as raw JSON in a new tab. Resolves
 * when the server redirected to the file; the caller then opens the same address.
 */
export async function checkPayrollExport(url: string): Promise<void> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'include', redirect: 'manual' })
  } catch (e) {
    throw new NetworkError(e)
  }
  // A browser hides a redirect it was told not to follow behind an opaque answer (status 0).
  if (res.type === 'opaqueredirect' || res.ok || (res.status >= 300 && res.status < 400)) return
  const body = (await res.text().catch(() => '')).trim()
  throw new ApiError(res.status, body, res.statusText)
}

/** GET /api/reports/volunteer-hours: volunteers' hours in a date range, valued at the organization's rate. */
export const volunteerHoursQuery = (from: string, to: string, campusId?: string) =>
  rangeReadQuery<VolunteerHours>(payrollKeys.volunteerHours(from, to), campusId)

/** GET /api/payroll/summary: approved hours per member (volunteers aside), split into regular and overtime. */
export const payrollSummaryQuery = (from: string, to: string, campusId?: string) =>
  rangeReadQuery<PayrollSummary>(payrollKeys.summary(from, to), campusId)
