import { badRequest, IntegrationView, PlanningCenterToken, planningCenterMessages } from '@app/core'
import { planningCenterApi, VendorError } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { integrationView } from '../workflows/integrations.ts'
import { personalTokenSet } from '../workflows/planning-center-connection.ts'

/**
 * Connects Planning Center People with a personal access token (one church's own use, no OAuth
 * app needed): the application id and secret are tried on Planning Center's People API first
 * (its organization is read), then kept sealed like OAuth tokens, with the organization recorded
 * so its webhooks find us. 400 when Planning Center refuses them; nothing is stored then.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/integrations/planning-center/token',
  auth: 'supervisor',
  wholeChurch: true,
  body: PlanningCenterToken,
  response: IntegrationView,
  errors: [409],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    let account: { id: string }
    try {
      account = await planningCenterApi({ auth: body }).organization()
    } catch (e) {
      if (e instanceof VendorError && !e.transient) throw badRequest(planningCenterMessages.tokenRefused)
      throw e
    }
    await db.planningCenter.setAccount(account.id)
    await db.integrations.connect(
      'planning-center',
      personalTokenSet(body.applicationId, body.secret),
      account.id,
      session.user,
    )
    return integrationView(db, 'planning-center')
  },
})
