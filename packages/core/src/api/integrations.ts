import * as z from 'zod'
import { IntegrationId } from '../integrations.ts'

/**
 * One integration as GET /api/integrations lists it. `connected` stays true while a connection is
 * stored; `reconnectNeeded` says the vendor refused its tokens (nothing stored is lost until the
 * supervisor connects again or disconnects).
 */
export const IntegrationView = z.object({
  id: IntegrationId,
  configured: z.boolean(),
  connected: z.boolean(),
  lastSentAt: z.string().nullable(),
  /** The settings the operator has not provided (empty when configured). */
  missingSettings: z.array(z.string()),
  reconnectNeeded: z.boolean(),
  connectedAt: z.string().nullable(),
  /** The vendor's account the connection reaches (QuickBooks' company id), when it names one. */
  account: z.string().nullable(),
})
export type IntegrationView = z.infer<typeof IntegrationView>

export const IntegrationList = z.object({ integrations: z.array(IntegrationView) })
export type IntegrationList = z.infer<typeof IntegrationList>

/** POST /api/integrations/{id}/connect: where to send the browser (the vendor's consent page). */
export const IntegrationConnect = z.object({ authorizationUrl: z.string() })
export type IntegrationConnect = z.infer<typeof IntegrationConnect>
