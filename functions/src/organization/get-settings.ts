import { OrganizationSettings, settingsOf } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The organization's name and branding, for the header and the settings page. */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/settings',
  auth: 'member',
  response: OrganizationSettings,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db, session }): Promise<OrganizationSettings> => {
    const org = await db.organization.get()
    return settingsOf(org, session.user)
  },
})
