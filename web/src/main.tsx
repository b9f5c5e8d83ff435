import './csp.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { ServiceWorkerUpdates } from './components/pwa/ServiceWorkerUpdates.tsx'
import { addZoneToSignInLinks } from './lib/browser.ts'
import './index.css'

addZoneToSignInLinks(document)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
    <ServiceWorkerUpdates />
  </StrictMode>,
)
