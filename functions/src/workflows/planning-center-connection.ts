import { conflict, integrationMessages } from '@app/core'
import {
  planningCenterApi,
  VendorError,
  type PlanningCenterApi,
  type PlanningCenterAuth,
  type TokenSet,
} from '@app/adapters'
import type { OrgDb } from '@app/data'
import { withVendorToken } from './integration-tokens.ts'

/** The organization's connection to Planning Center People: what reading its lists needs, without the sync's member writes. */
const VENDOR = 'planning-center'

/** A personal access token kept in the framework's sealed token set (it never expires or refreshes). */
const PAT_PREFIX = 'pat:'
export const personalTokenSet = (applicationId: string, secret: string): TokenSet => ({
  accessToken: `${PAT_PREFIX}${applicationId}:${secret}`,
  refreshToken: '',
  expiresAt: '9999-12-31T00:00:00.000Z',
  refreshExpiresAt: null,
})
const patOf = (accessToken: string): PlanningCenterAuth | undefined => {
  if (!accessToken.startsWith(PAT_PREFIX)) return undefined
  const [applicationId, ...rest] = accessToken.slice(PAT_PREFIX.length).split(':')
  return { applicationId: applicationId!, secret: rest.join(':') }
}

/**
 * Runs `call` with a client of the organization's connection: a personal access token as it is, an
 * OAuth connection through the framework's token store (refreshed ahead of expiry, once more on a
 * 401, else "reconnect needed"). A refused personal token also marks the connection "reconnect needed".
 */
export const withPlanningCenter = async <T>(db: OrgDb, call: (api: PlanningCenterApi) => Promise<T>): Promise<T> => {
  const open = await db.integrations.open(VENDOR)
  if (!open) throw conflict(integrationMessages.notConnected)
  if (open.reconnectNeeded) throw conflict(integrationMessages.reconnectNeeded)
  const pat = patOf(open.tokens.accessToken)
  if (!pat) return withVendorToken(db, VENDOR, (accessToken) => call(planningCenterApi({ auth: { accessToken } })))
  try {
    return await call(planningCenterApi({ auth: pat }))
  } catch (e) {
    if (e instanceof VendorError && e.unauthorized) {
      await db.integrations.needsReconnect(VENDOR)
      throw conflict(integrationMessages.reconnectNeeded)
    }
    throw e
  }
}
