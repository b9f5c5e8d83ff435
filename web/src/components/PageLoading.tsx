import i18next from 'i18next'
import { Skeleton } from './ui/Skeleton.tsx'

/** What a page shows while its code or its data loads. */
export const PageLoading = ({ label = i18next.t('common:loading') }: { label?: string }) => (
  // data-page-loading: the first screen is not done while it shows (lib/first-screen.ts).
  <div className="mx-auto w-full max-w-5xl px-4 py-8" role="status" aria-live="polite" data-page-loading="">
    <p className="mb-4 text-sm text-slate-600">{label}</p>
    <div className="space-y-3">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  </div>
)
