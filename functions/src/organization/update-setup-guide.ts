import { OrganizationSettings, settingsOf, SetupGuideUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Marks one step of the setup guide done or skipped. Kept on the organization, not the device, so
 * the guide resumes where it stopped for any of its supervisors, on any device. Its steps set up
 * the whole church: its whole-church supervisors mark them.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/setup-guide',
  auth: 'supervisor',
  wholeChurch: true,
  body: SetupGuideUpdate,
  response: OrganizationSettings,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, session, db }): Promise<OrganizationSettings> =>
    settingsOf(await db.organization.setSetupStep(body.step, body.state), session.user),
})
