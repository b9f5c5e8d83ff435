import { lazy, Suspense } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from './router.tsx'
import { useAuth } from './api/auth.ts'
import { useUserLanguage } from './i18n.ts'

// Asked for at once but not waited for: the page's first paint does not need Radix's toast code,
// and a toast raised before it arrives waits in lib/toast.ts's store until it mounts.
const Toaster = lazy(() => import('./components/Toaster.tsx').then((m) => ({ default: m.Toaster })))

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UserLanguage />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}

/** Once a member is signed in, the screens speak the language kept on their user. */
function UserLanguage() {
  useUserLanguage(useAuth().user?.language)
  return null
}
