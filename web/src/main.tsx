import './csp.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { ServiceWorkerUpdates } from './components/pwa/ServiceWorkerUpdates.tsx'
import { addZoneToSignInLinks } from './lib/browser.ts'
import { initI18n } from './i18n.ts'
import './index.css'

addZoneToSignInLinks(document)
initI18n()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
    <ServiceWorkerUpdates />
  </StrictMode>,
)
