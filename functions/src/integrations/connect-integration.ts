import { IntegrationConnect, IntegrationParams } from '@app/core'
import { authorizationUrl } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { configuredVendor } from '../workflows/integration-tokens.ts'
import { redirectUriOf } from '../workflows/integrations.ts'

/**
 * Starts connecting an integration: answers the vendor's consent address, with a `state` bound to
 * this organization and supervisor (single-use, CONSENT_MINUTES long). 503 naming the missing
 * settings when the operator has not configured the vendor's app.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/integrations/{id}/connect',
  auth: 'supervisor',
  wholeChurch: true,
  params: IntegrationParams,
  response: IntegrationConnect,
  errors: [503],
  uses: ['table', 'integrations'],
  handler: async ({ params, session, db }) => {
    const vendor = await configuredVendor(params.id)
    const state = await db.integrations.startConsent(params.id, session.user.id)
    return { authorizationUrl: authorizationUrl(vendor, state, redirectUriOf(params.id)) }
  },
})
