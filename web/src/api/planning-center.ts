import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  IntegrationView,
  PlanningCenterRunView,
  PlanningCenterSettingsUpdate,
  PlanningCenterToken,
  PlanningCenterView,
} from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { integrationKeys } from './keys.ts'

/** Planning Center People's settings, lists and last run (Settings → Integrations). */
const key = ['/api/integrations/planning-center'] as const
export const planningCenterQuery = readQuery<PlanningCenterView>(key)
export const usePlanningCenter = (enabled: boolean) => useQuery({ ...planningCenterQuery, enabled })

const useRefresh = () => {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    ])
}

/** POST …/token: connect with a personal access token. */
export const useConnectPlanningCenterToken = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: PlanningCenterToken) =>
      apiJson<IntegrationView>('POST', '/api/integrations/planning-center/token', body),
    onSuccess: refresh,
  })
}

/** PUT …: the lists, departments and webhook secrets. */
export const useSavePlanningCenter = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: PlanningCenterSettingsUpdate) =>
      apiJson<PlanningCenterView>('PUT', '/api/integrations/planning-center', body),
    onSuccess: refresh,
  })
}

/** POST …/sync: a whole run now. */
export const useSyncPlanningCenter = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: () => apiJson<PlanningCenterRunView>('POST', '/api/integrations/planning-center/sync'),
    onSettled: refresh,
  })
}
