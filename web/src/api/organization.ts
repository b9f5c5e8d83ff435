import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApprovalSettings, OrganizationSettings, OrganizationSettingsUpdate, SetupGuideUpdate } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { dashboardKeys, organizationKeys, payrollKeys } from './keys.ts'
import { organizationSettingsQuery } from './first-reads.ts'
import { zoneOr } from '../lib/format.ts'

/** Name, logo, and the zone and start day by which "this week" is judged (DESIGN.md section 5). */
export type { OrganizationSettings }

export { organizationSettingsQuery }

/** The organization's name and logo. Signed-in screens only: the API answers 401 to everyone else (spec section 7). */
export const useOrganizationSettings = () => useQuery(organizationSettingsQuery)

/**
 * The zone every date and time is shown in: the organization's (DESIGN.md section 6), the
 * browser's only until the settings have loaded.
 */
export const useOrgTimeZone = (): string => zoneOr(useOrganizationSettings().data?.timeZone)

/** Puts an answer of the settings endpoints into the cache and refetches, so the header follows at once. */
const useSettingsAnswer = () => {
  const queryClient = useQueryClient()
  return (settings: OrganizationSettings) => {
    queryClient.setQueryData(organizationKeys.settings, settings)
    // The week start is also the payroll settings' workweek start (one stored value).
    void queryClient.invalidateQueries({ queryKey: payrollKeys.settings })
    return queryClient.invalidateQueries({ queryKey: organizationKeys.settings })
  }
}

/** PUT /api/organization/settings: name, logo URL (or null), time zone and week start. */
export function useUpdateOrganizationSettings() {
  const onSuccess = useSettingsAnswer()
  return useMutation({
    mutationFn: (update: OrganizationSettingsUpdate) =>
      apiJson<OrganizationSettings>('PUT', '/api/organization/settings', update),
    onSuccess,
  })
}

/** PUT /api/organization/setup-guide: one step of the setup guide done or skipped, kept on the organization. */
export function useUpdateSetupGuide() {
  const onSuccess = useSettingsAnswer()
  return useMutation({
    mutationFn: (update: SetupGuideUpdate) =>
      apiJson<OrganizationSettings>('PUT', '/api/organization/setup-guide', update),
    onSuccess,
  })
}

/** POST /api/organization/logo with the file as a data URL; the server checks its bytes and makes it the logo. */
export function useUploadLogo() {
  const onSuccess = useSettingsAnswer()
  return useMutation({
    mutationFn: (dataUrl: string) => apiJson<OrganizationSettings>('POST', '/api/organization/logo', { dataUrl }),
    onSuccess,
  })
}

/** GET /api/organization/approvals (supervisors): the optional second approval. */
export const approvalSettingsQuery = readQuery<ApprovalSettings>(organizationKeys.approvals)
export const useApprovalSettings = () => useQuery(approvalSettingsQuery)

/** PUT /api/organization/approvals: the answer replaces the cached settings; pending lists show the new routing. */
export function useUpdateApprovalSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: ApprovalSettings) =>
      apiJson<ApprovalSettings>('PUT', '/api/organization/approvals', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.approvals, saved)
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.pending })
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats })
    },
  })
}
