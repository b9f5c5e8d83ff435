import { describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import getHealth from './get-health.ts'

describe('GET /api/health', () => {
  it('answers 200 with the state of every dependency of the running stack', async () => {
    const res = await callRoute(getHealth)
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
      const res = await callRoute(getHealth)
      expect(res.status).toBe(503)
      expect(res.json.dependencies.exportsBucket).toBe('down')
      expect(res.json.dependencies.table).toBe('ok')
    } finally {
      process.env.EXPORTS_BUCKET = bucket
    }
  })
})
