import { describe, expect, it } from 'vitest'
import * as integrations from './integrations.ts'

describe('integrations', () => {
  it('are QuickBooks Online, Gusto and Planning Center, in that order, each with its settings', () => {
    expect(integrations.INTEGRATION_IDS).toEqual(['quickbooks', 'gusto', 'planning-center'])
    expect(integrations.integrationNames).toEqual({
      quickbooks: 'QuickBooks Online',
      gusto: 'Gusto',
      'planning-center': 'Planning Center',
    })
    expect(integrations.integrationSettings).toEqual({
      quickbooks: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET', 'QUICKBOOKS_ENVIRONMENT'],
      gusto: ['GUSTO_CLIENT_ID', 'GUSTO_CLIENT_SECRET', 'GUSTO_ENVIRONMENT'],
      'planning-center': ['PLANNING_CENTER_CLIENT_ID', 'PLANNING_CENTER_CLIENT_SECRET'],
    })
    expect(integrations.integrationEnvironments).toEqual({
      quickbooks: ['sandbox', 'production'],
      gusto: ['demo', 'production'],
      'planning-center': ['production'],
    })
  })

  it('names the missing settings as billing does without Stripe keys', () => {
    expect(integrations.integrationNotConfiguredMessage('gusto', ['GUSTO_CLIENT_ID', 'GUSTO_ENVIRONMENT'])).toBe(
      'Gusto is not configured: set GUSTO_CLIENT_ID, GUSTO_ENVIRONMENT',
    )
  })

  it('refuses an unknown integration in a path', () => {
    expect(integrations.IntegrationParams.safeParse({ id: 'gusto' }).success).toBe(true)
    const refused = integrations.IntegrationParams.safeParse({ id: 'xero' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe('Unknown integration')
  })
})
