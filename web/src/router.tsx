import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { PRERENDERED_PAGES, QUERY_PAGES, type CurrentUser } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { useAuth } from './api/auth.ts'
import { DASHBOARD_NAMESPACES, prefetchFirstScreen } from './api/first-reads.ts'
import { PageLoading } from './components/PageLoading.tsx'
import { PublicLayout } from './components/PublicLayout.tsx'
import { KIOSK_PATH, normalPath } from './lib/browser.ts'

type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's chunk and the chunks it imports (Vite adds their modulepreload links). */
  preload: () => void
  /** Resolves when the page's code is here (a failure to load resolves too: the page asks again). */
  ready: () => Promise<void>
  /** The page's module under src/pages or src/components, by its export's name (web/prerender.ts). */
  exportName: string
}

/**
 * React.lazy for a page's named export: each page's code loads only when it is shown, or preloaded.
 * Once loaded, the page renders at once, without suspending: a thenable that answers in the same
 * tick lets React.lazy resolve on its first render, so a page rendered at build time hydrates in
 * one pass (main.tsx waits for its code).
 */
const page = <K extends string, P = object>(
  load: () => Promise<Record<K, ComponentType<NoInfer<P>>>>,
  name: K,
): LazyPage<P> => {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  let loaded: { default: ComponentType<P> } | undefined
  const start = () =>
    (loading ??= load().then(
      (m) => (loaded = { default: m[name] }),
      (error: unknown) => {
        loading = undefined // a chunk that failed to arrive (offline) is asked for again next time
        throw error
      },
    ))
  const now = (m: { default: ComponentType<P> }) => ({
    then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(m),
  })
  return Object.assign(
    lazy(() => (loaded ? (now(loaded) as unknown as Promise<{ default: ComponentType<P> }>) : start())),
    {
      preload: () => void start().catch(() => undefined),
      ready: () =>
        start().then(
          () => undefined,
          () => undefined,
        ),
      exportName: name,
    },
  )
}

const LandingPage = page(() => import('./pages/LandingPage.tsx'), 'LandingPage')
const AuthGuidePage = page(() => import('./pages/AuthGuidePage.tsx'), 'AuthGuidePage')
const PricingPage = page(() => import('./pages/PricingPage.tsx'), 'PricingPage')
const AuthRequiredPage = page(() => import('./pages/AuthRequiredPage.tsx'), 'AuthRequiredPage')
const StaffGuidePage = page(() => import('./pages/StaffGuidePage.tsx'), 'StaffGuidePage')
const StaffLoginPage = page(() => import('./pages/StaffLoginPage.tsx'), 'StaffLoginPage')
const DashboardPage = page(() => import('./pages/DashboardPage.tsx'), 'DashboardPage')
const SubmitTimesheetPage = page(() => import('./pages/SubmitTimesheetPage.tsx'), 'SubmitTimesheetPage')
const ProfilePage = page(() => import('./pages/ProfilePage.tsx'), 'ProfilePage')
const ReportsPage = page(() => import('./pages/ReportsPage.tsx'), 'ReportsPage')
const SettingsPage = page(() => import('./pages/SettingsPage.tsx'), 'SettingsPage')
const EmployeesPage = page(() => import('./pages/EmployeesPage.tsx'), 'EmployeesPage')
const MemberImportPage = page(() => import('./pages/MemberImportPage.tsx'), 'MemberImportPage')
const SubscribePage = page(() => import('./pages/SubscribePage.tsx'), 'SubscribePage')
const PaymentSuccessPage = page(() => import('./pages/PaymentSuccessPage.tsx'), 'PaymentSuccessPage')
const DemoPage = page(() => import('./pages/DemoPage.tsx'), 'DemoPage')
const PayrollPage = page(() => import('./pages/PayrollPage.tsx'), 'PayrollPage')
const SignedOutTimesheetPage = page(() => import('./pages/SignedOutTimesheetPage.tsx'), 'SignedOutTimesheetPage')
const ActivityPage = page(() => import('./pages/ActivityPage.tsx'), 'ActivityPage')
const DevelopersPage = page(() => import('./pages/DevelopersPage.tsx'), 'DevelopersPage')
const SignInChoicePage = page(() => import('./pages/SignInChoicePage.tsx'), 'SignInChoicePage')
// The kiosk screen stands apart from both sets: a kiosk session is neither signed out nor a member.
const KioskPage = page(() => import('./pages/KioskPage.tsx'), 'KioskPage')
const TimeOffPage = page(() => import('./pages/TimeOffPage.tsx'), 'TimeOffPage')
const NotFoundPage = page(() => import('./pages/NotFoundPage.tsx'), 'NotFoundPage')
// The signed-in frame (header, user menu) is not needed by signed-out visitors either.
const AppShell = page<'AppShell', { user: CurrentUser }>(() => import('./components/AppShell.tsx'), 'AppShell')
// A closed organization's members see this alone.
const ClosedOrganizationPage = page<'ClosedOrganizationPage', { user: CurrentUser }>(
  () => import('./pages/ClosedOrganizationPage.tsx'),
  'ClosedOrganizationPage',
)

export interface RouteEntry {
  path: string
  Page: LazyPage
}

/**
 * THE route tables (spec section 2). Add a page here and nowhere else.
 */
export const publicRoutes: RouteEntry[] = [
  { path: '/', Page: LandingPage },
  { path: '/auth-guide', Page: AuthGuidePage },
  { path: '/pricing', Page: PricingPage },
  { path: '/subscribe', Page: SubscribePage },
  { path: '/payment-success', Page: PaymentSuccessPage },
  { path: '/auth-required', Page: AuthRequiredPage },
  { path: '/staff-guide', Page: StaffGuidePage },
  { path: '/staff-login', Page: StaffLoginPage },
  { path: '/demo', Page: DemoPage },
  { path: '/developers', Page: DevelopersPage },
  // A first Supervisor Login of an invited address: join the inviting organization or start one's own.
  { path: '/sign-in/choice', Page: SignInChoicePage },
  // Waits for the session check, then sends a signed-out visitor to /staff-login (spec section 2).
  { path: '/submit-timesheet', Page: SignedOutTimesheetPage },
]

export const signedInRoutes: RouteEntry[] = [
  { path: '/', Page: DashboardPage },
  { path: '/submit-timesheet', Page: SubmitTimesheetPage },
  { path: '/reports', Page: ReportsPage },
  // One page per subject under it (/settings/payroll...): the page routes them.
  { path: '/settings/*', Page: SettingsPage },
  { path: '/employees', Page: EmployeesPage },
  { path: '/employees/import', Page: MemberImportPage },
  { path: '/profile', Page: ProfilePage },
  { path: '/activity', Page: ActivityPage },
  { path: '/pricing', Page: PricingPage },
  { path: '/subscribe', Page: SubscribePage },
  { path: '/payment-success', Page: PaymentSuccessPage },
  { path: '/demo', Page: DemoPage },
  { path: '/payroll', Page: PayrollPage },
  { path: '/developers', Page: DevelopersPage },
  { path: '/time-off', Page: TimeOffPage },
]

/**
 * Remembered on the device whether the last session check found a member, and whether a supervisor
 * (their dashboard speaks fewer catalogues), so the next visit can start loading the signed-in
 * frame's code and texts alongside that check instead of after it.
 */
const SIGNED_IN_HINT = 'signed-in'
type Hint = 'supervisor' | 'staff' | 'unknown'
const rememberSignedIn = (user: CurrentUser | null) => {
  try {
    if (user) localStorage.setItem(SIGNED_IN_HINT, user.role === 'supervisor' ? 'supervisor' : 'staff')
    else localStorage.removeItem(SIGNED_IN_HINT)
  } catch {
    // No storage (a locked-down browser): only the preload is lost.
  }
}
const signedInHint = (): Hint | undefined => {
  try {
    const hint = localStorage.getItem(SIGNED_IN_HINT)
    return hint === null ? undefined : hint === 'supervisor' || hint === 'staff' ? hint : 'unknown'
  } catch {
    return undefined
  }
}

/** Whether the last session check on this device found a staff member (not a supervisor). */
export const likelyStaff = () => signedInHint() === 'staff'

/** The entry that shows `path`: its own, or one whose path ends in `/*` and holds it (Settings' pages). */
const routeAt = (routes: RouteEntry[], path: string) =>
  routes.find((r) => r.path === path || (r.path.endsWith('/*') && (path + '/').startsWith(r.path.slice(0, -1))))

/**
 * Whether the app shell was most likely loaded for a member: their device said so last time, or the
 * shell answered an address that is otherwise rendered at build time, which the server does only for
 * a request that carries the session cookie (choosePage, packages/core/src/page-choice.ts), unless
 * the service worker answered from its cache.
 */
const likelySignedIn = (path: string, hasQuery: boolean): Hint | undefined =>
  signedInHint() ??
  (!navigator.serviceWorker?.controller &&
  (PRERENDERED_PAGES as readonly string[]).includes(path) &&
  !(hasQuery && (QUERY_PAGES as readonly string[]).includes(path))
    ? 'unknown'
    : undefined)

/**
 * Starts loading the code the address will show, before the first render and in parallel with the
 * session check: the public page, or for a member the signed-in frame and page (their
 * code must not wait for the check). main.tsx calls it once, on the app shell. Resolves once that
 * code is here (or failed to come).
 */
export function preloadRoute(pathname: string, search = ''): Promise<void> {
  const path = normalPath(pathname)
  const signedIn = likelySignedIn(path, search !== '')
  const page = routeAt(signedIn ? signedInRoutes : publicRoutes, path)?.Page.ready()
  if (!signedIn) return page ?? Promise.resolve()
  const frame = AppShell.ready()
  // The dashboard's texts too (prefetchFirstScreen asks again once the role is known; a namespace
  // loads once): a supervisor's speaks 'supervisor', a staff member's 'staff' as well.
  if (path === '/')
    void i18next
      .loadNamespaces([...DASHBOARD_NAMESPACES[signedIn === 'supervisor' ? 'supervisor' : 'staff']])
      .catch(() => undefined)
  return Promise.all([frame, page]).then(() => undefined)
}

/**
 * On the app shell, a public page waits for the session check: the shell is what a request with
 * the session cookie gets, and a signed-in member must never see the landing page flash before
 * their dashboard. A page rendered at build time (main.tsx, prerender.tsx) shows at once instead.
 */
let waitForSession = true
export const renderedAtBuild = () => {
  waitForSession = false
}

function PublicRoutes({ authLoading }: { authLoading: boolean }) {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={authLoading && waitForSession ? <PageLoading /> : <Page />} />
        ))}
        {/* While the session is being checked, a signed-in page is not yet a 404. */}
        <Route path="*" element={authLoading ? <PageLoading /> : <NotFoundPage />} />
      </Route>
    </Routes>
  )
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
  // The frame and the page load side by side as soon as the session answers, not the page only once
  // the frame has arrived and rendered its outlet (both calls do nothing when already loading).
  const { pathname } = useLocation()
  AppShell.preload()
  routeAt(signedInRoutes, normalPath(pathname))?.Page.preload()
  // ...and so do the first screen's reads and texts (only the first screen's: later ones load as shown).
  const queryClient = useQueryClient()
  const [firstPath] = useState(() => normalPath(pathname))
  const { id, role, demo } = user
  useEffect(() => {
    void prefetchFirstScreen(queryClient, { id, role, demo }, firstPath)
  }, [queryClient, id, role, demo, firstPath])
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<AppShell user={user} />}>
          {signedInRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  )
}

/** The code of a prerendered signed-out page (and of nothing else), for main.tsx to hydrate it. */
export const preloadPublicPage = (pathname: string): Promise<void> =>
  publicRoutes.find((r) => r.path === normalPath(pathname))?.Page.ready() ?? Promise.resolve()

/** Signed-out visitors (and everyone while the session check loads) get the public set. */
export function AppRoutes() {
  const { user, isLoading, isKiosk } = useAuth()
  const { pathname } = useLocation()
  useEffect(() => {
    if (!isLoading) rememberSignedIn(user)
  }, [user, isLoading])
  if (normalPath(pathname) === KIOSK_PATH)
    return (
      <Suspense fallback={<PageLoading />}>
        <KioskPage />
      </Suspense>
    )
  // A kiosk session opens nothing else: its other addresses lead back to the kiosk.
  if (isKiosk) return <Navigate to={KIOSK_PATH} replace />
  if (user?.organizationClosed)
    return (
      <Suspense fallback={<PageLoading />}>
        <ClosedOrganizationPage user={user} />
      </Suspense>
    )
  return user ? <SignedInRoutes user={user} /> : <PublicRoutes authLoading={isLoading} />
}
