import { lazy, Suspense } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from './router.tsx'

// The notification area loads after the first page: toasts raised before it arrives wait in the store.
const Toaster = lazy(() => import('./components/Toaster.tsx').then((m) => ({ default: m.Toaster })))

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
