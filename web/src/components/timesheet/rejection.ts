import { sentBack, type Timesheet } from '@app/core'

/**
 * The supervisor's comment on a declined week, shown wherever the member fixes it: kept through
 * the member's saves until the week is submitted again (packages/core `sentBack`).
 */
export const rejectionOf = (sheet: Timesheet): string | null => sentBack(sheet)?.comment ?? null
