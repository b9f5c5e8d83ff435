import './csp.ts'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import i18next from 'i18next'
import { isLanguage } from '@app/core'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { addZoneToSignInLinks } from './lib/browser.ts'
import { initI18n, initialLanguage } from './i18n.ts'
import { preloadPublicPage, preloadRoute, renderedAtBuild } from './router.tsx'
import './index.css'

// The service worker's registration and update prompt come after the page's own code, in a root of
// their own: a page rendered at build time hydrates exactly the tree that rendered it.
const ServiceWorkerUpdates = lazy(() =>
  import('./components/pwa/ServiceWorkerUpdates.tsx').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

addZoneToSignInLinks(document)

const root = document.getElementById('root')!
const queryClient = createQueryClient()
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
)

/**
 * The service worker's registration and its code wait until the page has loaded and its reads have
 * been quiet for a moment (the session check's answer starts the first screen's reads a tick
 * later), so they never compete with the first screen for the network or the CPU (issue 30): a
 * first visit's worker installs a few seconds later.
 */
const QUIET_MS = 1000
const updates = () => {
  const mount = () => {
    const host = document.body.appendChild(document.createElement('div'))
    createRoot(host).render(
      <Suspense fallback={null}>
        <ServiceWorkerUpdates />
      </Suspense>,
    )
  }
  const whenQuiet = () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      clearTimeout(timer)
      if (queryClient.isFetching() > 0) return
      timer = setTimeout(() => {
        if (queryClient.isFetching() > 0) return
        stop()
        if ('requestIdleCallback' in window) requestIdleCallback(mount, { timeout: 5000 })
        else mount()
      }, QUIET_MS)
    }
    const stop = queryClient.getQueryCache().subscribe(check)
    check()
  }
  if (document.readyState === 'complete') whenQuiet()
  else addEventListener('load', whenQuiet, { once: true })
}

/**
 * A signed-out page rendered at build time (web/prerender.ts; the page's catalogue namespaces in
 * data-ns) is hydrated in the language it was rendered in, once its code and texts are here, so
 * the first render matches the HTML; a visitor who chose the other language on this device then
 * gets it. Every other page (the app shell) renders on the device.
 */
const prerendered = root.dataset.ns
if (prerendered !== undefined) {
  renderedAtBuild()
  const rendered = document.documentElement.lang
  const language = isLanguage(rendered) ? rendered : initialLanguage()
  initI18n(language)
  void Promise.all([i18next.loadNamespaces(prerendered.split(' ')), preloadPublicPage(location.pathname)])
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(root, app)
      updates()
      const wanted = initialLanguage()
      if (wanted !== language) void i18next.changeLanguage(wanted)
    })
} else {
  initI18n()
  preloadRoute(location.pathname, location.search)
  createRoot(root).render(app)
  updates()
}
