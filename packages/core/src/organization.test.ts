import { describe, expect, it } from 'vitest'
import { newOrganization, Organization, slugify } from './organization.ts'

describe('organization', () => {
  const start = { id: 'o', name: 'Grace', slug: 'grace', timeZone: 'America/Chicago', trialEndsAt: 't', now: 'n' }

  it('makes readable slugs', () => {
    const slugs = {
      'First Baptist Church': 'first-baptist-church',
      '  Église Saint-Étienne!! ': 'eglise-saint-etienne',
      '---': 'organization',
      'ＡＢＣ 123': 'abc-123',
      ['a'.repeat(50)]: 'a'.repeat(40),
      'a--b__c': 'a-b-c',
    }
    for (const [name, slug] of Object.entries(slugs)) expect(slugify(name), name).toBe(slug)
  })

  it('starts a new one on a Professional trial with nothing paid, approval emails on, and its creator when named', () => {
    const org = newOrganization(start)
    expect(Organization.parse(org)).toEqual(org)
    expect(org).toMatchObject({ plan: 'professional', subscriptionStatus: 'trial', trialEndsAt: 't', createdAt: 'n' })
    expect([org.stripeCustomerId, org.paymentMethodOnFile, org.approvalEmails]).toEqual([null, false, true])
    expect(org).not.toHaveProperty('createdBy')
    expect(newOrganization({ ...start, createdBy: 'u1' }).createdBy).toBe('u1')
  })

  it('defaults approval emails to on', () => {
    const { approvalEmails: _stored, ...stored } = newOrganization(start)
    const org = Organization.parse(stored)
    expect(org.approvalEmails).toBe(true)
  })
})
