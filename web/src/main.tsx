import './csp.ts'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { addZoneToSignInLinks } from './lib/browser.ts'
import { initI18n } from './i18n.ts'
import { preloadRoute } from './router.tsx'
import './index.css'

// The service worker's registration and update prompt come after the page's own code.
const ServiceWorkerUpdates = lazy(() =>
  import('./components/pwa/ServiceWorkerUpdates.tsx').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

addZoneToSignInLinks(document)
initI18n()
preloadRoute(location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
    <Suspense fallback={null}>
      <ServiceWorkerUpdates />
    </Suspense>
  </StrictMode>,
)
