import { useQuery } from '@tanstack/react-query'
import type {
  IntegrationView,
  PlanningCenterRunView,
  PlanningCenterSettingsUpdate,
  PlanningCenterToken,
  PlanningCenterView,
} from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { integrationKeys } from './keys.ts'
import { useWriteThenRead } from './write-through.ts'

/** Planning Center People's settings, lists and last run (Settings → Integrations). */
const key = ['/api/integrations/planning-center'] as const
export const planningCenterQuery = readQuery<PlanningCenterView>(key)
export const usePlanningCenter = (enabled: boolean) => useQuery({ ...planningCenterQuery, enabled })

/** What every Planning Center write changes: its own settings and the integrations' list. */
const stale = [key, integrationKeys.all]

/** POST …/token: connect with a personal access token. */
export const useConnectPlanningCenterToken = () =>
  useWriteThenRead(
    (body: PlanningCenterToken) => apiJson<IntegrationView>('POST', '/api/integrations/planning-center/token', body),
    stale,
  )

/** PUT …: the lists, departments and webhook secrets. */
export const useSavePlanningCenter = () =>
  useWriteThenRead(
    (body: PlanningCenterSettingsUpdate) =>
      apiJson<PlanningCenterView>('PUT', '/api/integrations/planning-center', body),
    stale,
  )

/** POST …/sync: a whole run now; read again whether it ran or was refused. */
export const useSyncPlanningCenter = () =>
  useWriteThenRead<void, PlanningCenterRunView>(
    () => apiJson<PlanningCenterRunView>('POST', '/api/integrations/planning-center/sync'),
    stale,
    { always: true },
  )
