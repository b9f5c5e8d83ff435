import * as z from 'zod'
import { gustoHours, gustoLeaveHours, type GustoPlan, type GustoShift } from '@app/core'
import { read } from './config.ts'
import { VendorError, vendorErrorOf, vendorFetch } from './vendor-http.ts'

/**
 * Gusto's API over plain HTTP: the base URL chosen by GUSTO_ENVIRONMENT (demo or production),
 * or GUSTO_BASE_URL (a test double in tests); every call carries the API version its docs name.
 * Request bodies are built here only, from core's plan, so the tests check each one against
 * Gusto's published schema.
 */

export const GUSTO_BASE_URLS = { demo: 'https://api.gusto-demo.com', production: 'https://api.gusto.com' } as const
export type GustoEnvironment = keyof typeof GUSTO_BASE_URLS

/** The date-based version the Embedded and Time Tracking APIs document for these endpoints. */
export const GUSTO_API_VERSION = '2025-06-15'

export const gustoBaseUrl = (): string => {
  const override = read('GUSTO_BASE_URL')
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
 * A refused or failed Gusto call: the vendor error every integration shares (status, Gusto's
 * message, Retry-After, `unauthorized` for a token no longer accepted, `transient` for 429 and
 * 5xx), with each of Gusto's problems in its words (its `errors[]`, nested ones flattened).
 */
export class GustoError extends VendorError {
  constructor(
    status: number,
    readonly problems: GustoProblemText[],
    retryAfter: number | null,
    message: string,
    body: unknown = null,
  ) {
    super(status, `Gusto answered ${status}: ${message}`, retryAfter, body)
    this.name = 'GustoError'
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
])

const flatten = (items: readonly ErrorItem[]): GustoProblemText[] =>
  items.flatMap((e) =>
    e.errors?.length
      ? flatten(e.errors)
      : [{ key: e.error_key, category: e.category, message: e.message ?? e.category }],
  )

const problemsOf = (body: unknown, message: string): GustoProblemText[] => {
  const parsed = ErrorBody.safeParse(body)
  if (!parsed.success) return body === null || body === '' ? [] : [{ key: 'request', category: 'error', message }]
  if ('errors' in parsed.data) return flatten(parsed.data.errors)
  return [{ key: 'request', category: parsed.data.error, message: parsed.data.error_description ?? parsed.data.error }]
}

const errorOf = async (res: Response): Promise<GustoError> => {
  const v = await vendorErrorOf(res)
  return new GustoError(v.status, problemsOf(v.body, v.message), v.retryAfterSeconds, v.message, v.body)
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
  const send = options.fetch ?? vendorFetch
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
