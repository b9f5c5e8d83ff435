import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  HolidayCalendar,
  TimeOffAdjustment,
  TimeOffBalances,
  TimeOffDecision,
  TimeOffList,
  TimeOffPolicies,
  TimeOffRequestInput,
  RequestedTimeOff,
  TimeOffRequestView,
} from '@app/core'
import { apiJson, readQuery, withSearch } from './client.ts'
import { payrollKeys, timeOffKeys } from './keys.ts'
import { usePutThrough, useWriteThenRead } from './write-through.ts'

/** The reads and changes of time off. */

/** GET /api/time-off: the caller's requests (a supervisor's: everyone's, each marked `waitingForMe`). */
export const timeOffListQuery = readQuery<TimeOffList>(timeOffKeys.all)
export const useTimeOffList = (enabled = true) => useQuery({ ...timeOffListQuery, enabled })

/** GET /api/time-off?status&from&to: the requests touching the dates (a week's approved leave). */
export const timeOffRangeQuery = (params: { status?: TimeOffRequestView['status']; from: string; to: string }) =>
  queryOptions({
    queryKey: timeOffKeys.range(params),
    queryFn: () =>
      apiJson<TimeOffList>(
        'GET',
        withSearch(
          timeOffKeys.all[0],
          new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))),
        ),
      ),
  })

/** GET /api/time-off/balances: the caller's, or (supervisors) a member's. */
export const balancesQuery = (employeeId: string | null) =>
  queryOptions({
    queryKey: timeOffKeys.balancesOf(employeeId),
    queryFn: () =>
      apiJson<TimeOffBalances>(
        'GET',
        withSearch(timeOffKeys.balances[0], new URLSearchParams(employeeId ? { employeeId } : {})),
      ),
  })
export const useBalances = (employeeId: string | null = null, enabled = true) =>
  useQuery({ ...balancesQuery(employeeId), enabled })

export const policiesQuery = readQuery<TimeOffPolicies>(timeOffKeys.policies)
export const usePolicies = () => useQuery(policiesQuery)

export const holidaysQuery = readQuery<HolidayCalendar>(timeOffKeys.holidays)
export const useHolidays = (enabled = true) => useQuery({ ...holidaysQuery, enabled })

/** A request, decision, cancel or adjustment changes the lists, the balances and the payroll figures. */
const timeOffReads = [timeOffKeys.all, timeOffKeys.balances, payrollKeys.summaries]

/** A time-off write: the lists, balances and payroll figures are read again in the background after it. */
const useTimeOffWrite = <Input, Answer>(write: (input: Input) => Promise<Answer>, { always = false } = {}) =>
  useWriteThenRead(write, timeOffReads, { always, background: true })

/** POST /api/time-off. */
export const useRequestTimeOff = () =>
  useTimeOffWrite((request: TimeOffRequestInput) => apiJson<RequestedTimeOff>('POST', '/api/time-off', request))

/** DELETE /api/time-off/{id}: cancels a pending request, or an approved one not yet begun. */
export const useCancelTimeOff = () =>
  useTimeOffWrite((id: string) => apiJson<TimeOffRequestView>('DELETE', `/api/time-off/${encodeURIComponent(id)}`), {
    always: true,
  })

/** PATCH /api/time-off/{id}/status (supervisors). */
export const useDecideTimeOff = () =>
  // A 409 (decided elsewhere) also shows the list as it now is.
  useTimeOffWrite(
    ({ id, ...decision }: TimeOffDecision & { id: string }) =>
      apiJson<TimeOffRequestView>('PATCH', `/api/time-off/${encodeURIComponent(id)}/status`, decision),
    { always: true },
  )

/** POST /api/time-off/adjustments (supervisors): hours granted or removed, with a reason. */
export const useAdjustBalance = () =>
  useTimeOffWrite((adjustment: TimeOffAdjustment) => apiJson<unknown>('POST', '/api/time-off/adjustments', adjustment))

/** PUT /api/time-off/policies (supervisors). */
export const useUpdatePolicies = () =>
  usePutThrough<TimeOffPolicies, TimeOffPolicies>(timeOffKeys.policies, [timeOffKeys.balances], { background: true })

/** PUT /api/organization/holidays (supervisors). */
export const useUpdateHolidays = () =>
  usePutThrough<HolidayCalendar, HolidayCalendar>(timeOffKeys.holidays, [payrollKeys.summaries], { background: true })
