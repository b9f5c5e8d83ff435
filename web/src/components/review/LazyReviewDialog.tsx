import { Suspense } from 'react'
import { lazyDialog } from '../ui/lazy-dialog.ts'
import type { ReviewDialogProps } from './ReviewDialog.tsx'

const ReviewDialog = lazyDialog(() => import('./ReviewDialog.tsx').then((m) => m.ReviewDialog))

/**
 * The review dialog where a list opens it (the dashboard's lists, payroll's unapproved weeks): its
 * code is fetched after the first screen or at the first open, and it stays mounted from then on.
 */
export function LazyReviewDialog(props: ReviewDialogProps) {
  const mounted = ReviewDialog.useMounted(props.target !== null)
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <ReviewDialog.Component {...props} />
    </Suspense>
  )
}
