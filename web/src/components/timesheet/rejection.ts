import type { Timesheet } from '@app/core'

/** The supervisor's latest comment on a declined week, shown wherever the member fixes it. */
export const rejectionOf = (sheet: Timesheet): string | null =>
  sheet.status === 'rejected'
    ? (sheet.comments ?? sheet.commentHistory.findLast((c) => c.status === 'rejected')?.comment ?? null)
    : null
