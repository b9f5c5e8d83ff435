import * as z from 'zod'

/**
 * The payroll and directory systems an organization connects from Settings → Integrations. Each
 * is reached through its own OAuth 2.0 app, whose settings the operator provides (Secrets Manager
 * on AWS, the environment locally); without them the integration says which ones are missing.
 */
export const IntegrationId = z.enum(['quickbooks', 'gusto', 'planning-center'], { error: 'Unknown integration' })
export type IntegrationId = z.infer<typeof IntegrationId>
export const INTEGRATION_IDS = IntegrationId.options

/** What a person reads as each integration's name (a product name: the same in every language). */
export const integrationNames: Record<IntegrationId, string> = {
  quickbooks: 'QuickBooks Online',
  gusto: 'Gusto',
  'planning-center': 'Planning Center',
}

/** The settings each integration cannot connect without, by the variable (or secret key) that holds them. */
export const integrationSettings: Record<IntegrationId, readonly string[]> = {
  quickbooks: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET', 'QUICKBOOKS_ENVIRONMENT'],
  gusto: ['GUSTO_CLIENT_ID', 'GUSTO_CLIENT_SECRET', 'GUSTO_ENVIRONMENT'],
  'planning-center': ['PLANNING_CENTER_CLIENT_ID', 'PLANNING_CENTER_CLIENT_SECRET'],
}

/** The environments each vendor offers; the first is the one used for tests and trials. */
export const integrationEnvironments: Record<IntegrationId, readonly string[]> = {
  quickbooks: ['sandbox', 'production'],
  gusto: ['demo', 'production'],
  'planning-center': ['production'],
}

/** 503 from connect when settings are missing; the page shows the same names. */
export const integrationNotConfiguredMessage = (id: IntegrationId, missing: readonly string[]) =>
  `${integrationNames[id]} is not configured: set ${missing.join(', ')}`

export const integrationMessages = {
  notConnected: 'This integration is not connected',
  reconnectNeeded: 'The connection was refused by the vendor; connect again (nothing was lost)',
  periodNotClosed: 'Close this pay period before sending it',
  notMatched: 'Not matched to a QuickBooks employee: match them in Settings → Integrations',
  connectExpired: 'This connection attempt expired or was already used; start again from Settings → Integrations',
} as const

export const IntegrationParams = z.object({ id: IntegrationId })
export type IntegrationParams = z.infer<typeof IntegrationParams>
