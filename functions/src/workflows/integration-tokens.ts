import {
  conflict,
  integrationMessages,
  integrationNotConfiguredMessage,
  unavailable,
  type IntegrationId,
} from '@app/core'
import { refreshTokens, VendorError, vendorSettings, type TokenSet, type VendorConfig } from '@app/adapters'
import type { OrgDb } from '@app/data'

/**
 * The token store's one way in: a vendor call with a valid access token. Tokens are refreshed a
 * few minutes before they expire, by one request at a time (the others wait for its result); a 401
 * from the vendor refreshes once and tries again; a second 401, or a refresh the vendor refuses,
 * marks the connection "reconnect needed" and answers 409. Nothing stored is changed or lost.
 */
const REFRESH_AHEAD_MS = 5 * 60_000
const WAIT_STEP_MS = 250
const WAIT_MAX_MS = 10_000

export interface VendorContext {
  vendor: VendorConfig
  /** The vendor's account the connection reaches (QuickBooks' realm id). */
  account: string | null
}

/** The vendor's configuration, or 503 naming the settings that are missing. */
export const configuredVendor = async (id: IntegrationId): Promise<VendorConfig> => {
  const settings = await vendorSettings(id)
  if (!settings.vendor) throw unavailable(integrationNotConfiguredMessage(id, settings.missing))
  return settings.vendor
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const reconnect = async (db: OrgDb, id: IntegrationId) => {
  await db.integrations.needsReconnect(id)
  return conflict(integrationMessages.reconnectNeeded)
}

/** A fresh access token: refreshed here when this request wins the lease, else the winner's. */
const refreshed = async (db: OrgDb, id: IntegrationId, vendor: VendorConfig, version: number): Promise<string> => {
  if (await db.integrations.claimRefresh(id, version)) {
    const open = await db.integrations.open(id)
    if (!open) throw conflict(integrationMessages.notConnected)
    let tokens: TokenSet
    try {
      tokens = await refreshTokens(vendor, open.tokens.refreshToken)
    } catch (e) {
      if (e instanceof VendorError && (e.grantRefused || e.unauthorized)) throw await reconnect(db, id)
      throw e
    }
    // Intuit and others may rotate the refresh token; one not answered stays the same.
    if (!(await db.integrations.refreshed(id, tokens, version))) throw conflict(integrationMessages.notConnected)
    return tokens.accessToken
  }
  for (let waited = 0; waited < WAIT_MAX_MS; waited += WAIT_STEP_MS) {
    const open = await db.integrations.open(id)
    if (!open) throw conflict(integrationMessages.notConnected)
    if (open.reconnectNeeded) throw conflict(integrationMessages.reconnectNeeded)
    if (open.version !== version) return open.tokens.accessToken
    await sleep(WAIT_STEP_MS)
  }
  throw unavailable('Service temporarily unavailable. Please try again.')
}

/** Runs `call` with a valid access token of the organization's connection to `id`. */
export const withVendorToken = async <T>(
  db: OrgDb,
  id: IntegrationId,
  call: (accessToken: string, context: VendorContext) => Promise<T>,
): Promise<T> => {
  const vendor = await configuredVendor(id)
  const open = await db.integrations.open(id)
  if (!open) throw conflict(integrationMessages.notConnected)
  if (open.reconnectNeeded) throw conflict(integrationMessages.reconnectNeeded)
  const context = { vendor, account: open.account }
  const expiring = Date.parse(open.tokens.expiresAt) - Date.now() < REFRESH_AHEAD_MS
  const token = expiring ? await refreshed(db, id, vendor, open.version) : open.tokens.accessToken
  try {
    return await call(token, context)
  } catch (e) {
    if (!(e instanceof VendorError && e.unauthorized)) throw e
  }
  // Refused before its time (revoked, or a clock apart): one refresh, one more try.
  const current = await db.integrations.open(id)
  if (!current) throw conflict(integrationMessages.notConnected)
  const again =
    current.version === open.version ? await refreshed(db, id, vendor, open.version) : current.tokens.accessToken
  try {
    return await call(again, context)
  } catch (e) {
    if (e instanceof VendorError && e.unauthorized) throw await reconnect(db, id)
    throw e
  }
}
