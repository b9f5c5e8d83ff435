import { badRequest, INTEGRATION_IDS, type IntegrationId, type IntegrationView } from '@app/core'
import { config, vendorSettings } from '@app/adapters'
import type { OrgDb, StoredIntegration } from '@app/data'

/** Where a vendor sends the browser back after consent: the callback route of the integration. */
export const redirectUriOf = (id: IntegrationId) => `${config.appOrigin}/api/integrations/${id}/callback`

/** The page a consent returns to, with what happened. */
export const integrationsPage = (outcome: Record<string, string>) =>
  `${config.appOrigin}/settings/integrations?${new URLSearchParams(outcome).toString()}`

const viewOf = (id: IntegrationId, missing: string[], stored: StoredIntegration | undefined): IntegrationView => {
  const connected = Boolean(stored?.sealedTokens)
  return {
    id,
    configured: missing.length === 0,
    connected,
    lastSentAt: stored?.lastSentAt ?? null,
    missingSettings: missing,
    reconnectNeeded: connected && (stored?.reconnectNeeded ?? false),
    connectedAt: connected ? (stored?.connectedAt ?? null) : null,
    account: connected ? (stored?.account ?? null) : null,
  }
}

/** Every integration as Settings → Integrations shows it, in a fixed order. */
export const integrationViews = async (db: OrgDb): Promise<IntegrationView[]> => {
  const [stored, settings] = await Promise.all([
    db.integrations.list(),
    Promise.all(INTEGRATION_IDS.map((id) => vendorSettings(id))),
  ])
  const byId = new Map(stored.map((s) => [s.vendor, s]))
  return INTEGRATION_IDS.map((id, i) => viewOf(id, settings[i]!.missing, byId.get(id)))
}

export const integrationView = async (db: OrgDb, id: IntegrationId): Promise<IntegrationView> =>
  viewOf(id, (await vendorSettings(id)).missing, await db.integrations.get(id))

/**
 * A supervisor's pairs of one kind, ready to keep: each of our ids must be one we have, and each
 * vendor id one the vendor has now (null or absent removes the pair); otherwise 400 naming the
 * field, before anything is kept.
 */
export const chosenPairs = (
  given: Record<string, string | null | undefined>,
  ourIds: readonly string[],
  vendor: readonly { id: string; name: string }[],
  field: string,
) => {
  const ours = new Set(ourIds)
  const theirs = new Map(vendor.map((v) => [v.id, v.name]))
  return Object.entries(given).map(([ourId, vendorId = null]) => {
    if (!ours.has(ourId) || (vendorId !== null && !theirs.has(vendorId)))
      throw badRequest(`Unknown ${field}: ${ourId}`, { [field]: `Unknown ${field}: ${ourId}` })
    return { ourId, vendorId, vendorName: vendorId === null ? '' : theirs.get(vendorId)! }
  })
}

/** Keeps each kind's checked pairs, in the order given; a kind with none changes nothing. */
export const keepChosenPairs = async (
  db: OrgDb,
  vendor: IntegrationId,
  actor: Parameters<OrgDb['integrations']['saveMatches']>[3],
  kinds: Record<string, ReturnType<typeof chosenPairs>>,
) => {
  for (const [kind, pairs] of Object.entries(kinds))
    if (pairs.length) await db.integrations.saveMatches(vendor, kind, pairs, actor)
}
