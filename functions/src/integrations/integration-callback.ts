import * as z from 'zod'
import { IntegrationParams, Redirect } from '@app/core'
import { exchangeCode, VendorError } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'
import { configuredVendor } from '../workflows/integration-tokens.ts'
import { integrationsPage, redirectUriOf } from '../workflows/integrations.ts'

/**
 * The vendor sends the browser back here after consent (the redirect URI). The `state` must be one
 * this supervisor started for this vendor, unused and recent; the code is then exchanged for
 * tokens, which are stored sealed. Either way the browser returns to Settings → Integrations, told
 * what happened (`connected`, or `error`: denied, expired, refused).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/integrations/{id}/callback',
  auth: 'supervisor',
  params: IntegrationParams,
  query: z.object({
    code: z.string().max(4000).optional(),
    state: z.string().max(200).optional(),
    // Intuit names the company that was connected.
    realmId: z.string().max(100).optional(),
    error: z.string().max(200).optional(),
  }),
  response: Redirect,
  errors: [503],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ params, query, session, db }) => {
    const back = (outcome: Record<string, string>) =>
      HttpResponse.redirect(integrationsPage({ integration: params.id, ...outcome }))
    // The state is used up first, whatever the vendor answered: it never serves twice.
    const ours = query.state ? await db.integrations.takeConsent(params.id, query.state, session.user.id) : false
    if (!ours) return back({ error: 'expired' })
    if (query.error || !query.code) return back({ error: 'denied' })
    const vendor = await configuredVendor(params.id)
    try {
      const tokens = await exchangeCode(vendor, query.code, redirectUriOf(params.id))
      await db.integrations.connect(params.id, tokens, query.realmId ?? null, session.user)
    } catch (e) {
      if (e instanceof VendorError && !e.transient) return back({ error: 'refused' })
      throw e
    }
    return back({ connected: '1' })
  },
})
