import { useQuery } from '@tanstack/react-query'
import type { ApiTokenCreated, ApiTokenInput, ApiTokenList, OpenApiDocument } from '@app/core'
import { apiJson, apiRequest, readQuery } from './client.ts'
import { apiTokenKeys } from './keys.ts'
import { useWriteThenRead } from './write-through.ts'

/** Settings → API (supervisors): the organization's API tokens, never their secrets. */
export const apiTokensQuery = readQuery<ApiTokenList>(apiTokenKeys.all)
export const useApiTokens = () => useQuery(apiTokensQuery)

/** POST /api/tokens: a new token; its secret is in this answer only. */
export const useCreateApiToken = () =>
  useWriteThenRead((input: ApiTokenInput) => apiJson<ApiTokenCreated>('POST', '/api/tokens', input), [apiTokenKeys.all])

/** DELETE /api/tokens/{id}: revokes at once. */
export const useRevokeApiToken = () =>
  useWriteThenRead((id: string) => apiRequest('DELETE', `/api/tokens/${encodeURIComponent(id)}`), [apiTokenKeys.all])

/** GET /api/openapi.json: the published API, for /developers. */
export const openApiQuery = readQuery<OpenApiDocument>(apiTokenKeys.openapi)
export const useOpenApi = () => useQuery(openApiQuery)
