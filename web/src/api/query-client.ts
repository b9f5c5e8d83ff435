import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { isOnline } from '../offline/connection.ts'
import { handleUnauthorized } from '../lib/unauthorized.ts'
import { getQueryFn } from './client.ts'

/**
 * No automatic retry, no refetch on focus, no staleness (spec section 7). Any query or mutation
 * that fails as unauthorized shows the 'Unauthorized' toast and sends the browser to sign in.
 */
export const createQueryClient = () => {
  // TanStack starts out online and learns of the connection only from 'online' and 'offline'
  // events: a page opened offline would never hear it come back, so its reads (paused or failed)
  // would never be asked again. It starts from what the browser says now.
  onlineManager.setOnline(isOnline())
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleUnauthorized(error) }),
    mutationCache: new MutationCache({ onError: (error) => handleUnauthorized(error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  })
}
