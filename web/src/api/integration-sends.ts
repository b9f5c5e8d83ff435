import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { GustoPreview, IntegrationSendStatus, QuickbooksPreview } from '@app/core'
import { apiJson } from './client.ts'
import { payrollKeys, type SendingIntegration } from './keys.ts'

/** The vendors a closed period is sent to, in the order the pages show them. */
export const SENDING_INTEGRATIONS: readonly SendingIntegration[] = ['quickbooks', 'gusto']
export const isSendingIntegration = (id: string): id is SendingIntegration =>
  (SENDING_INTEGRATIONS as readonly string[]).includes(id)

/** How often a send in progress is read again. */
export const SEND_POLL_MS = 2000

/** What each vendor's preview answers: exactly what Send would send, and the last send. */
export interface SendPreviews {
  quickbooks: QuickbooksPreview
  gusto: GustoPreview
}

const inProgress = (send: IntegrationSendStatus | null | undefined) =>
  send?.state === 'queued' || send?.state === 'sending'

/**
 * GET /api/payroll/periods/{start}/{vendor}: what Send would send the vendor, and the last send;
 * read again every few seconds while a send is queued or running.
 */
export const sendPreviewQuery = <V extends SendingIntegration>(vendor: V, start: string) =>
  queryOptions({
    queryKey: payrollKeys.send(vendor, start),
    queryFn: () => apiJson<SendPreviews[V]>('GET', payrollKeys.send(vendor, start)[0]),
    refetchInterval: (query) => (inProgress(query.state.data?.send) ? SEND_POLL_MS : false),
  })

/** POST /api/payroll/periods/{start}/{vendor}/send: queues the send; its status comes back at once. */
export function useSendPeriod(vendor: SendingIntegration, start: string) {
  const queryClient = useQueryClient()
  const key = payrollKeys.send(vendor, start)
  return useMutation({
    mutationFn: () => apiJson<IntegrationSendStatus>('POST', `${key[0]}/send`),
    onSuccess: (send) =>
      queryClient.setQueryData<SendPreviews[typeof vendor]>(key, (old) => (old ? { ...old, send } : old)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
