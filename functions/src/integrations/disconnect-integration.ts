import { IntegrationParams, IntegrationView } from '@app/core'
import { revokeToken, VendorError } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { configuredVendor } from '../workflows/integration-tokens.ts'
import { integrationView } from '../workflows/integrations.ts'

/**
 * Disconnects an integration: revokes the grant at the vendor, then deletes the stored tokens (with
 * the audit record). A vendor that cannot be reached leaves everything as it was (503, try again);
 * one that no longer knows the token (already revoked) does not stop the deletion. What was sent
 * and matched stays, for a later reconnection.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/integrations/{id}/disconnect',
  auth: 'supervisor',
  wholeChurch: true,
  params: IntegrationParams,
  response: IntegrationView,
  errors: [503],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ params, session, db }) => {
    const open = await db.integrations.open(params.id)
    if (open) {
      // A personal access token (Planning Center) has no grant to revoke: deleting it is the disconnection.
      if (open.tokens.refreshToken) {
        const vendor = await configuredVendor(params.id)
        try {
          // Revoking the refresh token ends the whole grant (RFC 7009 2.1).
          await revokeToken(vendor, open.tokens.refreshToken)
        } catch (e) {
          if (!(e instanceof VendorError) || e.transient) throw e
        }
      }
      await db.integrations.disconnect(params.id, session.user)
    }
    return integrationView(db, params.id)
  },
})
