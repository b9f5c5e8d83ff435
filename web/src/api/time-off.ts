import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
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
const refreshTimeOff = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: timeOffKeys.all })
  void queryClient.invalidateQueries({ queryKey: timeOffKeys.balances })
  void queryClient.invalidateQueries({ queryKey: payrollKeys.summaries })
}

/** POST /api/time-off. */
export function useRequestTimeOff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: TimeOffRequestInput) => apiJson<RequestedTimeOff>('POST', '/api/time-off', request),
    onSuccess: () => refreshTimeOff(queryClient),
  })
}

/** DELETE /api/time-off/{id}: cancels a pending request, or an approved one not yet begun. */
export function useCancelTimeOff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiJson<TimeOffRequestView>('DELETE', `/api/time-off/${encodeURIComponent(id)}`),
    onSettled: () => refreshTimeOff(queryClient),
  })
}

/** PATCH /api/time-off/{id}/status (supervisors). */
export function useDecideTimeOff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...decision }: TimeOffDecision & { id: string }) =>
      apiJson<TimeOffRequestView>('PATCH', `/api/time-off/${encodeURIComponent(id)}/status`, decision),
    // A 409 (decided elsewhere) also shows the list as it now is.
    onSettled: () => refreshTimeOff(queryClient),
  })
}

/** POST /api/time-off/adjustments (supervisors): hours granted or removed, with a reason. */
export function useAdjustBalance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (adjustment: TimeOffAdjustment) => apiJson<unknown>('POST', '/api/time-off/adjustments', adjustment),
    onSuccess: () => refreshTimeOff(queryClient),
  })
}

/** PUT /api/time-off/policies (supervisors). */
export function useUpdatePolicies() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policies: TimeOffPolicies) => apiJson<TimeOffPolicies>('PUT', '/api/time-off/policies', policies),
    onSuccess: (saved) => {
      queryClient.setQueryData(timeOffKeys.policies, saved)
      void queryClient.invalidateQueries({ queryKey: timeOffKeys.balances })
    },
  })
}

/** PUT /api/organization/holidays (supervisors). */
export function useUpdateHolidays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (calendar: HolidayCalendar) => apiJson<HolidayCalendar>('PUT', '/api/organization/holidays', calendar),
    onSuccess: (saved) => {
      queryClient.setQueryData(timeOffKeys.holidays, saved)
      void queryClient.invalidateQueries({ queryKey: payrollKeys.summaries })
    },
  })
}
