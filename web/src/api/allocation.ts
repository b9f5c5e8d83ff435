import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AllocationCodes, AllocationCodesUpdate, AllocationReport } from '@app/core'
import { getQueryFn, rangeReadQuery } from './client.ts'
import { keptCodes } from '../offline/kept-reads.ts'
import { allocationKeys } from './keys.ts'
import { usePutThrough } from './write-through.ts'

/**
 * The organization's ministries and funds, inactive ones included (every member reads
 * them: the timesheet forms' Split offers the active ones, and names the inactive ones a week holds).
 */
export const allocationCodesQuery = queryOptions({
  queryKey: allocationKeys.codes,
  // Kept on the device: the offline staff app splits days too.
  queryFn: keptCodes(getQueryFn<AllocationCodes>({ on401: 'throw' })),
  networkMode: 'always',
})
export const useAllocationCodes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...allocationCodesQuery, enabled })

/** PUT /api/organization/allocation-codes with the whole list (a code is never left out, only made inactive). */
export const useSaveAllocationCodes = () =>
  usePutThrough<AllocationCodesUpdate, AllocationCodes>(allocationKeys.codes, [allocationKeys.reports], {
    background: true,
  })

/** GET /api/reports/allocation?from&to (supervisors): hours per ministry and fund, from what approval stored. */
export const allocationReportQuery = (from: string, to: string, campusId?: string) =>
  rangeReadQuery<AllocationReport>(allocationKeys.report(from, to), campusId)
