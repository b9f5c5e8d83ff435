import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Timesheet } from '@app/core'
import { apiJson } from './client.ts'
import { dashboardKeys } from './dashboard.ts'
import { reportKeys } from './reports.ts'

export type Decision = 'approved' | 'rejected'

export interface StatusUpdateInput {
  id: number
  status: Decision
  comments: string
}

/** PATCH /api/timesheets/{id}/status answers the decided timesheet; approval adds a CSV link (null if not written yet). */
export type StatusUpdateResult = Timesheet & { csvDownloadUrl?: string | null }

/**
 * A supervisor's decision on a pending timesheet. Whatever the outcome (a 409 means someone else
 * decided first), the lists, the pending list, the stats and the reports are refreshed.
 */
export function useUpdateTimesheetStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, comments }: StatusUpdateInput) =>
      apiJson<StatusUpdateResult>('PATCH', `/api/timesheets/${id}/status`, { status, comments }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.timesheets }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.pending }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
      ]),
  })
}
