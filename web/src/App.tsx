import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from './router.tsx'
import { useAuth } from './api/auth.ts'
import { useUserLanguage } from './i18n.ts'
import { useHydrated } from './lib/hydrated.ts'

// Asked for with the page's own code (not after its first render, which would put it a round trip
// later) and never waited for: the first paint does not need Radix's toast code, and a
// toast raised before it arrives waits in lib/toast.ts's store until it mounts. Rendered after
// hydration, so a page rendered at build time (prerender.tsx) hydrates without it.
const loadToaster = () => import('./components/Toaster.tsx').then((m) => ({ default: m.Toaster }))
const toasterCode = loadToaster()
toasterCode.catch(() => undefined) // offline with nothing cached: asked for again when rendered
const Toaster = lazy(() => toasterCode.catch(loadToaster))

export function App({
  queryClient,
  Router = BrowserRouter,
}: {
  queryClient: QueryClient
  /** The browser's router; the build's prerender passes a static one for the page it renders. */
  Router?: ComponentType<{ children: ReactNode }>
}) {
  const hydrated = useHydrated()
  return (
    <QueryClientProvider client={queryClient}>
      <UserLanguage />
      <Router>
        <AppRoutes />
      </Router>
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}

/** Once a member is signed in, the screens speak the language kept on their user. */
function UserLanguage() {
  useUserLanguage(useAuth().user?.language)
  return null
}
