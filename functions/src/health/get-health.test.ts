import { afterEach, describe, expect, it, vi } from 'vitest'
import { secrets } from '@app/adapters'
import { callRoute } from '../../test/support/test-event.ts'
import getHealth from './get-health.ts'

/** The details need the configured token (HEALTH_TOKEN on the local stack). */
const withToken = { headers: { authorization: `Bearer ${process.env.HEALTH_TOKEN}` } }

afterEach(() => vi.restoreAllMocks())

describe('GET /api/health', () => {
  it('answers 200 with the state of every dependency of the running stack', async () => {
    const res = await callRoute(getHealth, withToken)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      status: 'ok',
      dependencies: {
        table: 'ok',
        staffPool: 'ok',
        exportsBucket: 'ok',
        logosBucket: 'ok',
        email: 'ok',
        identityProvider: 'ok',
        billing: 'not configured',
      },
    })
  })

  it('answers 503 naming the dependency that is down', async () => {
    const bucket = process.env.EXPORTS_BUCKET
    process.env.EXPORTS_BUCKET = 'no-such-bucket'
    try {
      const res = await callRoute(getHealth, withToken)
      expect(res.status).toBe(503)
      expect(res.json.dependencies.exportsBucket).toBe('down')
      expect(res.json.dependencies.table).toBe('ok')
    } finally {
      process.env.EXPORTS_BUCKET = bucket
    }
  })

  it('gives anonymous callers the summary only, and a wrong token is anonymous', async () => {
    for (const request of [{}, { headers: { authorization: 'Bearer wrong' } }, { headers: { authorization: 'x' } }]) {
      const res = await callRoute(getHealth, request)
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: 'ok' })
    }
  })

  it('reports billing down, not a 500, when the Stripe secret cannot be read or is not JSON', async () => {
    for (const failure of [new Error('AccessDeniedException'), new SyntaxError('Unexpected token')]) {
      vi.spyOn(secrets, 'stripe').mockRejectedValueOnce(failure)
      const res = await callRoute(getHealth, withToken)
      expect(res.status).toBe(503)
      expect(res.json.dependencies.billing).toBe('down')
      expect(res.json.dependencies.table).toBe('ok')
    }
  })

  it('reports the identity provider down when its discovery document is missing or its address refuses', async () => {
    const issuer = process.env.OIDC_ISSUER
    // A path where the issuer serves no discovery document (404), then a port nothing listens on.
    for (const broken of [new URL('/no-such-issuer/', issuer).href, 'http://127.0.0.1:9/']) {
      process.env.OIDC_ISSUER = broken
      try {
        const res = await callRoute(getHealth, withToken)
        expect(res.status, broken).toBe(503)
        expect(res.json.dependencies.identityProvider, broken).toBe('down')
        expect(res.json.dependencies.table, broken).toBe('ok')
      } finally {
        process.env.OIDC_ISSUER = issuer
      }
    }
  })

  it('probes the identity provider without fetch, whose first call loads undici (a fifth of a cold start)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const res = await callRoute(getHealth, withToken)
    expect(res.json.dependencies.identityProvider).toBe('ok')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('answers with the summary when the health token secret cannot be read', async () => {
    vi.spyOn(secrets, 'healthToken').mockRejectedValueOnce(new Error('ThrottlingException'))
    const res = await callRoute(getHealth, withToken)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ok' })
  })
})
