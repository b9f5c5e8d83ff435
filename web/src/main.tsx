import './csp.ts'
import { lazy, startTransition, StrictMode, Suspense } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import i18next from 'i18next'
import { isLanguage } from '@app/core'
import { authUserQuery } from './api/auth.ts'
import { prefetchFirstScreen } from './api/first-reads.ts'
import { readKeptFirstScreen } from './offline/kept-reads.ts'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { addZoneToSignInLinks, onKioskPage } from './lib/browser.ts'
import { afterFirstScreen, watchFirstScreen } from './lib/first-screen.ts'
import { initI18n, initialLanguage } from './i18n.ts'
import { likelyStaff, preloadPublicPage, preloadRoute, renderedAtBuild } from './router.tsx'
import './index.css'

// The service worker's registration and update prompt come after the page's own code, in a root of
// their own: a page rendered at build time hydrates exactly the tree that rendered it.
const ServiceWorkerUpdates = lazy(() =>
  import('./components/pwa/ServiceWorkerUpdates.tsx').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

addZoneToSignInLinks(document)

const root = document.getElementById('root')!
const queryClient = createQueryClient()
watchFirstScreen(queryClient)
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
)

/** The service worker's registration and update prompt wait for the first screen (lib/first-screen.ts). */
const updates = () =>
  afterFirstScreen(() => {
    const host = document.body.appendChild(document.createElement('div'))
    createRoot(host).render(
      <Suspense fallback={null}>
        <ServiceWorkerUpdates />
      </Suspense>,
    )
  })

/**
 * The first screen's reads start the moment the session check answers, beside the screen's code and
 * texts, not once React has rendered the signed-in routes (which waits for that code): fewer
 * round trips. The routes ask again (router.tsx); a read in flight is not asked twice.
 */
function prefetchOnSessionAnswer(): Promise<void> {
  if (onKioskPage()) return Promise.resolve()
  // What the device kept for a staff member's dashboard is read meanwhile (showKeptFirstScreen);
  // not on a supervisor's, which shows nothing kept.
  const kept = location.pathname === '/' && likelyStaff() ? readKeptFirstScreen() : undefined
  return queryClient
    .fetchQuery(authUserQuery)
    .then((user) => {
      if (user && !user.organizationClosed) return prefetchFirstScreen(queryClient, user, location.pathname, kept)
    })
    .catch(() => undefined) // a kiosk's 403, or no network: the routes decide what to show
}

/**
 * How long the app shell's first render waits at most for the first screen's code, the session
 * check and the reads of what the screen shows first (prefetchFirstScreen). Each commit before they are all here (a loading state, then the
 * frame without its page, then the page's first section) cost a render and a layout of the whole
 * page on a main thread that is already the bottleneck: with one commit the installed staff app's
 * warm start is about 0.3 s sooner at 4× slower CPU. A slow network gets the loading
 * states after this long, as before; the stylesheet draws a placeholder meanwhile (index.css).
 */
const FIRST_SCREEN_WAIT_MS = 1500

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
      // In a transition, hydration runs in slices React can pause for the visitor's input, not as one
      // long task on a page already painted (Lighthouse's blocking time).
      startTransition(() => {
        hydrateRoot(root, app)
      })
      updates()
      const wanted = initialLanguage()
      if (wanted !== language) void i18next.changeLanguage(wanted)
    })
} else {
  initI18n()
  const firstScreen = Promise.all([preloadRoute(location.pathname, location.search), prefetchOnSessionAnswer()])
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))
  void Promise.race([firstScreen, waited]).then(() => {
    createRoot(root).render(app)
    updates()
  })
}
