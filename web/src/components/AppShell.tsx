import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import type { CurrentUser } from '@app/core'
import { useSubscriptionStatus } from '../api/billing.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { useHighest } from '../lib/in-order.tsx'
import { AppHeader } from './AppHeader.tsx'
import { DemoNotice } from './DemoNotice.tsx'
import { OfflineSync } from './offline/OfflineSync.tsx'
import { SubscriptionBanner } from './billing/SubscriptionBanner.tsx'
import { PageLoading } from './PageLoading.tsx'
import { SkipLink } from './SkipLink.tsx'

/**
 * The frame of every signed-in page: the header, then the page (loaded on demand). In the read-only
 * demo a notice replaces the subscription banner: the demo organization's billing is not the visitor's.
 * The frame shows once what sizes it has come (the organization's name in the header, a supervisor's
 * banner), so the page under it never moves when they do (layout shift); both are asked
 * for with the session check (api/first-reads.ts), beside this code.
 */
export function AppShell({ user }: { user: CurrentUser }) {
  const settings = useOrganizationSettings()
  const subscription = useSubscriptionStatus({ enabled: user.role === 'supervisor' && !user.demo })
  const framed = useHighest(settings.isLoading || subscription.isLoading ? 0 : 1) === 1
  if (!framed) return <PageLoading />
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <AppHeader user={user} />
      {user.demo ? <DemoNotice /> : <SubscriptionBanner user={user} />}
      <OfflineSync user={user} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
