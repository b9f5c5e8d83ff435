import * as z from 'zod'
import { gustoHours, gustoLeaveHours, type GustoPlan, type GustoShift } from '@app/core'
import { read } from './config.ts'

/**
 * Gusto's API over plain HTTP: the base URL chosen by GUSTO_ENVIRONMENT (demo or production),
 * or GUSTO_API_BASE (a test double in tests); every call carries the API version its docs name.
 * Request bodies are built here only, from core's plan, so the tests check each one against
 * Gusto's published schema.
 */

export const GUSTO_BASE_URLS = { demo: 'https://api.gusto-demo.com', production: 'https://api.gusto.com' } as const
export type GustoEnvironment = keyof typeof GUSTO_BASE_URLS

/** The date-based version the Embedded and Time Tracking APIs document for these endpoints. */
export const GUSTO_API_VERSION = '2025-06-15'

export const gustoBaseUrl = (): string => {
  const override = read('GUSTO_API_BASE')
  if (override) return override.replace(/\/$/, '')
  return GUSTO_BASE_URLS[read('GUSTO_ENVIRONMENT') === 'production' ? 'production' : 'demo']
}

/** One problem Gusto reported, in its words. */
export interface GustoProblemText {
  key: string
  category: string
  message: string
}

/**
 * A refused or failed Gusto call: its status, Gusto's own messages, how long it asked us to wait
 * (429's Retry-After) and whether the connection must be made again (401: the token is no longer
 * accepted, even after a refresh).
 */
export class GustoError extends Error {
  constructor(
    readonly status: number,
    readonly problems: GustoProblemText[],
    readonly retryAfterSeconds: number | null,
  ) {
    super(`Gusto answered ${status}${problems.length ? `: ${problems.map((p) => p.message).join('; ')}` : ''}`)
    this.name = 'GustoError'
  }
  get reconnect() {
    return this.status === 401
  }
  get retryable() {
    return this.status === 429 || this.status >= 500
  }
}

const ErrorItem = z.object({ error_key: z.string(), category: z.string(), message: z.string().optional() })
type ErrorItem = z.infer<typeof ErrorItem> & { errors?: ErrorItem[] }
const ErrorItemTree: z.ZodType<ErrorItem> = ErrorItem.extend({
  errors: z.lazy(() => z.array(ErrorItemTree)).optional(),
})
const ErrorBody = z.union([
  z.object({ errors: z.array(ErrorItemTree) }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
  z.object({ message: z.string() }),
])

const flatten = (items: readonly ErrorItem[]): GustoProblemText[] =>
  items.flatMap((e) =>
    e.errors?.length
      ? flatten(e.errors)
      : [{ key: e.error_key, category: e.category, message: e.message ?? e.category }],
  )

/** Seconds from a Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
export const retryAfterSeconds = (header: string | null, now = Date.now()): number | null => {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

const errorOf = async (res: Response): Promise<GustoError> => {
  const text = await res.text()
  let problems: GustoProblemText[] = []
  try {
    const body = ErrorBody.parse(JSON.parse(text))
    if ('errors' in body) problems = flatten(body.errors)
    else if ('error' in body)
      problems = [{ key: 'request', category: body.error, message: body.error_description ?? body.error }]
    else problems = [{ key: 'request', category: 'error', message: body.message }]
  } catch {
    if (text.trim()) problems = [{ key: 'request', category: 'error', message: text.trim().slice(0, 300) }]
  }
  return new GustoError(res.status, problems, retryAfterSeconds(res.headers.get('retry-after')))
}

export type Fetch = typeof fetch

export interface GustoRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
}

const TimeSheetAnswer = z.object({ uuid: z.string(), version: z.string() })
const PayrollSyncAnswer = z.object({ uuid: z.string(), status: z.string().optional() })
const Employee = z.object({
  uuid: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  terminated: z.boolean().nullish(),
  jobs: z.array(z.object({ uuid: z.string(), primary: z.boolean().nullish(), title: z.string().nullish() })).nullish(),
})
export type GustoEmployee = z.infer<typeof Employee>
const Policy = z.object({
  uuid: z.string(),
  name: z.string(),
  policy_type: z.string().nullish(),
  is_active: z.boolean().nullish(),
})
export type GustoPolicy = z.infer<typeof Policy>
const PayPeriod = z.object({
  start_date: z.string(),
  end_date: z.string(),
  pay_schedule_uuid: z.string(),
  payroll: z.object({ payroll_uuid: z.string().nullish(), processed: z.boolean().nullish() }).nullish(),
})
export type GustoPayPeriod = z.infer<typeof PayPeriod>
const Prepared = z.object({
  payroll_uuid: z.string().nullish(),
  employee_compensations: z
    .array(z.object({ employee_uuid: z.string().nullish(), version: z.string().nullish() }))
    .nullish(),
})

/** The time sheet body of one shift (Time Tracking API, "Create a time sheet"). */
export const timeSheetBody = (shift: GustoShift, timeZone: string) => ({
  entity_type: 'Employee' as const,
  entity_uuid: shift.employeeUuid,
  ...(shift.jobUuid ? { job_uuid: shift.jobUuid } : {}),
  time_zone: timeZone,
  shift_started_at: shift.startedAt,
  shift_ended_at: shift.endedAt,
  metadata: { ministry_timesheets_shift: shift.key },
  entries: shift.entries.map((e) => ({
    hours_worked: Number(gustoHours(e.minutes)),
    pay_classification: e.payClassification,
  })),
})

/** The payroll update carrying each member's paid time off by policy ("Update a payroll"). */
export const paidTimeOffBody = (plan: GustoPlan, versions: ReadonlyMap<string, string>) => ({
  employee_compensations: plan.paidTimeOff.map((m) => ({
    employee_uuid: m.employeeUuid,
    ...(versions.has(m.employeeUuid) ? { version: versions.get(m.employeeUuid)! } : {}),
    paid_time_off: m.leave.map((l) => ({ policy_uuid: l.policyUuid, hours: gustoLeaveHours(l.centiHours) })),
  })),
})

/** A Gusto API bound to a company's access token. */
export const gustoApi = (options: { accessToken: string; baseUrl?: string; fetch?: Fetch }) => {
  const base = options.baseUrl ?? gustoBaseUrl()
  const send = options.fetch ?? fetch
  const call = async <T>(req: GustoRequest, answer: z.ZodType<T>): Promise<T> => {
    const res = await send(`${base}${req.path}`, {
      method: req.method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        accept: 'application/json',
        'x-gusto-api-version': GUSTO_API_VERSION,
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
      signal: AbortSignal.timeout(15_000),
    })
    if (!res.ok) throw await errorOf(res)
    if (res.status === 204) return answer.parse(undefined)
    return answer.parse(await res.json())
  }
  const company = (uuid: string) => `/v1/companies/${encodeURIComponent(uuid)}`
  const list = async <T>(path: string, item: z.ZodType<T>): Promise<T[]> => {
    const out: T[] = []
    for (let page = 1; page < 100; page++) {
      const sep = path.includes('?') ? '&' : '?'
      const got = await call({ method: 'GET', path: `${path}${sep}page=${page}&per=100` }, z.array(item))
      out.push(...got)
      if (got.length < 100) break
    }
    return out
  }
  return {
    tokenInfo: () =>
      call(
        { method: 'GET', path: '/v1/token_info' },
        z.object({ resource: z.object({ type: z.string(), uuid: z.string() }) }),
      ),
    employees: (companyUuid: string) => list(`${company(companyUuid)}/employees`, Employee),
    timeOffPolicies: (companyUuid: string) =>
      call({ method: 'GET', path: `${company(companyUuid)}/time_off_policies` }, z.array(Policy)),
    payPeriods: (companyUuid: string, start: string, end: string) =>
      call(
        { method: 'GET', path: `${company(companyUuid)}/pay_periods?start_date=${start}&end_date=${end}` },
        z.array(PayPeriod),
      ),
    createTimeSheet: (companyUuid: string, body: ReturnType<typeof timeSheetBody>) =>
      call({ method: 'POST', path: `${company(companyUuid)}/time_tracking/time_sheets`, body }, TimeSheetAnswer),
    updateTimeSheet: (uuid: string, body: ReturnType<typeof timeSheetBody> & { version: string }) =>
      call({ method: 'PUT', path: `/v1/time_tracking/time_sheets/${encodeURIComponent(uuid)}`, body }, TimeSheetAnswer),
    deleteTimeSheet: (uuid: string) =>
      call({ method: 'DELETE', path: `/v1/time_tracking/time_sheets/${encodeURIComponent(uuid)}` }, z.unknown()),
    createPayrollSync: (companyUuid: string, period: { payScheduleUuid: string; start: string; end: string }) =>
      call(
        {
          method: 'POST',
          path: `${company(companyUuid)}/time_tracking/payroll_syncs`,
          body: {
            kind: 'regular',
            pay_schedule_uuid: period.payScheduleUuid,
            pay_period_start_date: period.start,
            pay_period_end_date: period.end,
          },
        },
        PayrollSyncAnswer,
      ),
    preparePayroll: (companyUuid: string, payrollUuid: string, employeeUuids: string[]) =>
      call(
        {
          method: 'PUT',
          path: `${company(companyUuid)}/payrolls/${encodeURIComponent(payrollUuid)}/prepare`,
          body: { employee_uuids: employeeUuids },
        },
        Prepared,
      ),
    updatePayroll: (companyUuid: string, payrollUuid: string, body: ReturnType<typeof paidTimeOffBody>) =>
      call(
        { method: 'PUT', path: `${company(companyUuid)}/payrolls/${encodeURIComponent(payrollUuid)}`, body },
        z.unknown(),
      ),
  }
}
export type GustoApi = ReturnType<typeof gustoApi>
