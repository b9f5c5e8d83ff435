import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import type { User } from '@app/core'
import { AppHeader } from './AppHeader.tsx'
import { SubscriptionBanner } from './billing/SubscriptionBanner.tsx'
import { PageLoading } from './PageLoading.tsx'
import { SkipLink } from './SkipLink.tsx'

/** The frame of every signed-in page: the header, then the page (loaded on demand). */
export function AppShell({ user }: { user: User }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <AppHeader user={user} />
      <SubscriptionBanner user={user} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
