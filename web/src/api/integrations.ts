import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { IntegrationConnect, IntegrationId, IntegrationList, IntegrationView } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { integrationKeys } from './keys.ts'

/** Settings → Integrations (supervisors): each integration's state. */
export const integrationsQuery = readQuery<IntegrationList>(integrationKeys.all)
export const useIntegrations = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...integrationsQuery, enabled })

const path = (id: IntegrationId, action: string) => `/api/integrations/${encodeURIComponent(id)}/${action}`

/** POST …/connect: the vendor's consent address, where the browser goes next. */
export const useConnectIntegration = () =>
  useMutation({
    mutationFn: (id: IntegrationId) => apiJson<IntegrationConnect>('POST', path(id, 'connect')),
  })

/** POST …/disconnect: revoked at the vendor and the stored tokens deleted; the list is read again. */
export const useDisconnectIntegration = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: IntegrationId) => apiJson<IntegrationView>('POST', path(id, 'disconnect')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  })
}
