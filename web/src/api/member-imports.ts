import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportMapping, ImportPreview, ImportStarted, ImportStatus } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { memberImportKeys, memberKeys } from './keys.ts'

export interface ImportFileBody {
  fileName: string
  /** The file, base64. */
  content: string
  mapping?: ImportMapping
}

/** The file's bytes as base64, a chunk at a time (a large file would overflow one call's arguments). */
export const fileAsBase64 = async (file: Blob) => {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** POST /api/employees/imports with dryRun: each row's outcome, nothing written. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (body: ImportFileBody) =>
      apiJson<ImportPreview>('POST', '/api/employees/imports', { ...body, dryRun: true }),
  })

/** POST /api/employees/imports: starts the import; the members list is read again once it is done. */
export const useStartImport = () =>
  useMutation({
    mutationFn: (body: ImportFileBody & { mapping: ImportMapping }) =>
      apiJson<ImportStarted>('POST', '/api/employees/imports', { ...body, dryRun: false }),
  })

/**
 * An import's progress, asked again every two seconds until it ends. Never read again on focus:
 * the read after it ends is the one that carries the credentials link, once.
 */
export const useImportStatus = (id: string) =>
  useQuery({
    ...readQuery<ImportStatus>(memberImportKeys.one(id)),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 2000),
  })

/** Once an import ends, the members list is read again. */
export const useMembersChanged = () => {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: memberKeys.all }), [queryClient])
}
