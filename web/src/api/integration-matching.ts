import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { GustoMatchingUpdate, GustoMatchingView, QuickbooksMatching, QuickbooksMatchingUpdate } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { integrationKeys, type SendingIntegration } from './keys.ts'

/** What each vendor's matching route reads and keeps. */
export interface Matchings {
  quickbooks: { view: QuickbooksMatching; update: QuickbooksMatchingUpdate }
  gusto: { view: GustoMatchingView; update: GustoMatchingUpdate }
}

/** GET /api/integrations/{vendor}/matching: the vendor's people (and classes or policies) beside ours. */
export const useMatching = <V extends SendingIntegration>(vendor: V) =>
  useQuery(readQuery<Matchings[V]['view']>(integrationKeys.matching(vendor)))

/**
 * PUT /api/integrations/{vendor}/matching: the supervisor's choices kept; the answer is the matching
 * as it stands after, and every preview of that vendor is read again (who is matched changed).
 */
export function useSaveMatching<V extends SendingIntegration>(vendor: V) {
  const queryClient = useQueryClient()
  const key = integrationKeys.matching(vendor)
  return useMutation({
    mutationFn: (update: Matchings[V]['update']) => apiJson<Matchings[V]['view']>('PUT', key[0], update),
    onSuccess: (view) => {
      queryClient.setQueryData(key, view)
      void queryClient.invalidateQueries({
        predicate: (q) =>
          String(q.queryKey[0]).startsWith('/api/payroll/periods/') && String(q.queryKey[0]).endsWith(`/${vendor}`),
      })
    },
  })
}
