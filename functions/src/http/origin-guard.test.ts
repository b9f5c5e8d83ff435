import { afterEach, describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization } from '../../test/support/test-identity.ts'
import getUser from '../auth/get-user.ts'
import getHealth from '../health/get-health.ts'
import { ORIGIN_VERIFY_HEADER } from './middleware.ts'

/**
 * Finding 5: the HTTP API's own execute-api address skips the firewall in front of
 * CloudFront. On AWS, CloudFront adds a secret header and every function refuses a request
 * without it (ORIGIN_VERIFY); the local stack sets none and is not checked.
 */
describe('the origin check', () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY
  })

  it('refuses a request that did not come through CloudFront, before anything else, on every kind of route', async () => {
    const { cookie } = await newOrganization()
    process.env.ORIGIN_VERIFY = 'cloudfront-only-4f1c'
    const tries: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: 'cloudfront-only-4f1' },
    ]
    for (const headers of tries) {
      const direct = await callRoute(getUser, { cookies: [cookie], headers })
      expect([direct.status, direct.json]).toEqual([403, { message: 'Forbidden', key: 'forbidden' }])
      expect((await callRoute(getHealth, { headers })).status).toBe(403)
    }
    const through = await callRoute(getUser, {
      cookies: [cookie],
      headers: { [ORIGIN_VERIFY_HEADER]: 'cloudfront-only-4f1c' },
    })
    expect(through.status).toBe(200)
  })

  it('is off where no secret is set (the local stack)', async () => {
    const { cookie } = await newOrganization()
    expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(200)
  })
})
