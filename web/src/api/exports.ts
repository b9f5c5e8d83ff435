import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CloseOrganization, ExportStarted, ExportStatus, OrganizationClosure } from '@app/core'
import { ApiError, apiJson, readQuery } from './client.ts'
import { authKeys, exportKeys } from './keys.ts'

/** POST /api/organization/export: starts the export of all the organization's data. */
export const useStartExport = () =>
  useMutation({ mutationFn: () => apiJson<ExportStarted>('POST', '/api/organization/export') })

/** The id of the export already running that a start was refused for (409: one at a time), if that was why. */
export const runningExportOf = (error: unknown): string | undefined => {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  try {
    const { id } = JSON.parse(error.body) as { id?: unknown }
    return typeof id === 'string' && id ? id : undefined
  } catch {
    return undefined
  }
}

/** An export's progress, asked again every two seconds until it is done or failed. */
export const useExportStatus = (id: string) =>
  useQuery({
    ...readQuery<ExportStatus>(exportKeys.one(id)),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 2000),
  })

/** POST /api/organization/close: the organization's exact name confirms; the app then shows the closed screen. */
export const useCloseOrganization = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (confirm: string) =>
      apiJson<OrganizationClosure>('POST', '/api/organization/close', { confirm } satisfies CloseOrganization),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
  })
}

/** POST /api/organization/reopen: before the erasure date; everyone's access comes back. */
export const useReopenOrganization = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson<void>('POST', '/api/organization/reopen'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
  })
}
