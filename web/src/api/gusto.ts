import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { GustoPreview, GustoSendStatus } from '@app/core'
import { apiJson } from './client.ts'
import { payrollKeys } from './keys.ts'

/** How often a send in progress is read again. */
export const GUSTO_SEND_POLL_MS = 2000

const inProgress = (send: GustoSendStatus | null | undefined) => send?.state === 'queued' || send?.state === 'sending'

/**
 * GET /api/payroll/periods/{start}/gusto: what Send would send Gusto, and the last send; read again
 * every few seconds while a send is queued or running.
 */
export const gustoPreviewQuery = (start: string) =>
  queryOptions({
    queryKey: payrollKeys.gusto(start),
    queryFn: () => apiJson<GustoPreview>('GET', payrollKeys.gusto(start)[0]),
    refetchInterval: (query) => (inProgress(query.state.data?.send) ? GUSTO_SEND_POLL_MS : false),
  })

/** POST /api/payroll/periods/{start}/gusto/send: queues the send; its status comes back at once. */
export function useSendToGusto(start: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson<GustoSendStatus>('POST', `${payrollKeys.gusto(start)[0]}/send`),
    onSuccess: (send) =>
      queryClient.setQueryData<GustoPreview>(payrollKeys.gusto(start), (old) => (old ? { ...old, send } : old)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payrollKeys.gusto(start) }),
  })
}
