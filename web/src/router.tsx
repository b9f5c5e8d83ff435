import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router-dom'
import type { CurrentUser } from '@app/core'
import { useAuth } from './api/auth.ts'
import { PageLoading } from './components/PageLoading.tsx'
import { PublicLayout } from './components/PublicLayout.tsx'

/** React.lazy for a page's named export: each page's code loads only when it is shown. */
const page = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((m) => ({ default: m[name] })))

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
const SubscribePage = page(() => import('./pages/SubscribePage.tsx'), 'SubscribePage')
const PaymentSuccessPage = page(() => import('./pages/PaymentSuccessPage.tsx'), 'PaymentSuccessPage')
const DemoPage = page(() => import('./pages/DemoPage.tsx'), 'DemoPage')
const PayrollPage = page(() => import('./pages/PayrollPage.tsx'), 'PayrollPage')
const SignedOutTimesheetPage = page(() => import('./pages/SignedOutTimesheetPage.tsx'), 'SignedOutTimesheetPage')
const ActivityPage = page(() => import('./pages/ActivityPage.tsx'), 'ActivityPage')
const NotFoundPage = page(() => import('./pages/NotFoundPage.tsx'), 'NotFoundPage')
// The signed-in frame (header, user menu) is not needed by signed-out visitors either.
const AppShell = lazy(() => import('./components/AppShell.tsx').then((m) => ({ default: m.AppShell })))

export interface RouteEntry {
  path: string
  Page: ComponentType
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
  // Waits for the session check, then sends a signed-out visitor to /staff-login (spec section 2).
  { path: '/submit-timesheet', Page: SignedOutTimesheetPage },
]

export const signedInRoutes: RouteEntry[] = [
  { path: '/', Page: DashboardPage },
  { path: '/submit-timesheet', Page: SubmitTimesheetPage },
  { path: '/reports', Page: ReportsPage },
  { path: '/settings', Page: SettingsPage },
  { path: '/employees', Page: EmployeesPage },
  { path: '/profile', Page: ProfilePage },
  { path: '/activity', Page: ActivityPage },
  { path: '/pricing', Page: PricingPage },
  { path: '/subscribe', Page: SubscribePage },
  { path: '/payment-success', Page: PaymentSuccessPage },
  { path: '/demo', Page: DemoPage },
  { path: '/payroll', Page: PayrollPage },
]

function PublicRoutes({ authLoading }: { authLoading: boolean }) {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* While the session is being checked, a signed-in page is not yet a 404. */}
        <Route path="*" element={authLoading ? <PageLoading /> : <NotFoundPage />} />
      </Route>
    </Routes>
  )
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
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

/** Signed-out visitors (and everyone while the session check loads) get the public set. */
export function AppRoutes() {
  const { user, isLoading } = useAuth()
  return user ? <SignedInRoutes user={user} /> : <PublicRoutes authLoading={isLoading} />
}
