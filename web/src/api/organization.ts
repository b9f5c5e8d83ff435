import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from './client.ts'

export interface OrganizationSettings {
  organizationName: string
  logoUrl: string | null
}

export const organizationKeys = { settings: ['/api/organization/settings'] as const }

export const organizationSettingsQuery = queryOptions({
  queryKey: organizationKeys.settings,
  queryFn: getQueryFn<OrganizationSettings>({ on401: 'throw' }),
})

/** The organization's name and logo. Signed-in screens only: the API answers 401 to everyone else (spec section 7). */
export const useOrganizationSettings = () => useQuery(organizationSettingsQuery)
