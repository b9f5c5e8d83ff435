import { useQuery } from '@tanstack/react-query'
import type { WebhookCreated, WebhookDeliveryList, WebhookDeliveryView, WebhookInput, WebhookList } from '@app/core'
import { apiJson, apiRequest, readQuery } from './client.ts'
import { webhookKeys } from './keys.ts'
import { useWriteThenRead } from './write-through.ts'

/** Settings → Webhooks (supervisors): the organization's webhooks, never their secrets. */
export const webhooksQuery = readQuery<WebhookList>(webhookKeys.all)
export const useWebhooks = () => useQuery(webhooksQuery)

/** A webhook's last 100 deliveries, newest first (read while its list is open). */
export const useWebhookDeliveries = (id: string, enabled: boolean) =>
  useQuery({ ...readQuery<WebhookDeliveryList>(webhookKeys.deliveries(id)), enabled })

/** POST /api/webhooks: a new webhook; its signing secret is in this answer only. */
export const useCreateWebhook = () =>
  useWriteThenRead((input: WebhookInput) => apiJson<WebhookCreated>('POST', '/api/webhooks', input), [webhookKeys.all])

/** DELETE /api/webhooks/{id}. */
export const useDeleteWebhook = () =>
  useWriteThenRead((id: string) => apiRequest('DELETE', `/api/webhooks/${encodeURIComponent(id)}`), [webhookKeys.all])

/** POST …/deliveries/{deliveryId}/redeliver: sends it again now; the list is read again after. */
export const useRedeliver = (webhookId: string) =>
  useWriteThenRead(
    (deliveryId: string) =>
      apiJson<WebhookDeliveryView>(
        'POST',
        `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    [webhookKeys.deliveries(webhookId)],
    { always: true },
  )
