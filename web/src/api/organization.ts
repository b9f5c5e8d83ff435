import { useQuery } from '@tanstack/react-query'
import type {
  ApprovalSettings,
  ApprovalSettingsView,
  OrganizationSettings,
  OrganizationSettingsUpdate,
  SetupGuideUpdate,
} from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { dashboardKeys, organizationKeys, payrollKeys } from './keys.ts'
import { organizationSettingsQuery } from './first-reads.ts'
import { zoneOr } from '../lib/format.ts'
import { usePutThrough, useWriteThrough } from './write-through.ts'

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

/**
 * A write of the settings endpoints: its answer goes into the cache and the settings are read
 * again, so the header follows at once. The week start is also the payroll settings' workweek
 * start (one stored value), so those are read again too.
 */
const useSettingsWrite = <Input>(write: (input: Input) => Promise<OrganizationSettings>) =>
  useWriteThrough(organizationKeys.settings, write, [payrollKeys.settings, organizationKeys.settings])

/** PUT /api/organization/settings: name, logo URL (or null), time zone and week start. */
export const useUpdateOrganizationSettings = () =>
  useSettingsWrite((update: OrganizationSettingsUpdate) =>
    apiJson<OrganizationSettings>('PUT', '/api/organization/settings', update),
  )

/** PUT /api/organization/setup-guide: one step of the setup guide done or skipped, kept on the organization. */
export const useUpdateSetupGuide = () =>
  useSettingsWrite((update: SetupGuideUpdate) =>
    apiJson<OrganizationSettings>('PUT', '/api/organization/setup-guide', update),
  )

/** POST /api/organization/logo with the file as a data URL; the server checks its bytes and makes it the logo. */
export const useUploadLogo = () =>
  useSettingsWrite((dataUrl: string) => apiJson<OrganizationSettings>('POST', '/api/organization/logo', { dataUrl }))

/**
 * GET /api/organization/approvals (supervisors): the optional second approval, and for a campus
 * admin the supervisors they may choose as an approver or a delegate.
 */
export const approvalSettingsQuery = readQuery<ApprovalSettingsView>(organizationKeys.approvals)
export const useApprovalSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...approvalSettingsQuery, enabled })

/** PUT /api/organization/approvals: the answer replaces the cached settings; pending lists show the new routing. */
export const useUpdateApprovalSettings = () =>
  usePutThrough<ApprovalSettings, ApprovalSettings>(
    organizationKeys.approvals,
    [dashboardKeys.pending, dashboardKeys.stats],
    {
      background: true,
    },
  )
