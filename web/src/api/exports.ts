import { useMutation, useQuery } from '@tanstack/react-query'
import type { ExportStarted, ExportStatus } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { exportKeys } from './keys.ts'

/** POST /api/organization/export: starts the export of all the organization's data. */
export const useStartExport = () =>
  useMutation({ mutationFn: () => apiJson<ExportStarted>('POST', '/api/organization/export') })

/** An export's progress, asked again every two seconds until it is done or failed. */
export const useExportStatus = (id: string) =>
  useQuery({
    ...readQuery<ExportStatus>(exportKeys.one(id)),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 2000),
  })
