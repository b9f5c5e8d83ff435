import { describe, expect, it, vi } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'

/**
 * A sign-in's first request of a process (a cold start) discovers the identity provider; the
 * sign-in's request is saved while it does, not after: one wait instead of two. The modules are
 * loaded afresh, so this call is the process's first discovery even after other files signed in.
 */
describe('GET /api/login on a cold start', () => {
  it('saves the sign-in request before the provider’s discovery has answered', async () => {
    vi.resetModules()
    const { dynamoClient } = await import('@app/adapters')
    const { default: login } = await import('./login.ts')
    const events: string[] = []
    const client = dynamoClient()
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>
    client.send = (async (command: { constructor: { name: string } }) => {
      events.push(`sent ${command.constructor.name}`)
      return send(command)
    }) as typeof client.send
    const realFetch = globalThis.fetch
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      const url = String(args[0] instanceof Request ? args[0].url : args[0])
      const discovery = url.includes('/.well-known/')
      if (discovery) events.push('discovery asked')
      const res = await realFetch(...args)
      if (discovery) events.push('discovery answered')
      return res
    }) as typeof fetch
    try {
      const res = await callRoute(login)
      expect(res.status).toBe(302)
    } finally {
      globalThis.fetch = realFetch
      client.send = send as typeof client.send
    }
    expect(events).toContain('discovery answered')
    expect(events.indexOf('sent PutCommand')).toBeGreaterThanOrEqual(0)
    expect(events.indexOf('sent PutCommand')).toBeLessThan(events.indexOf('discovery answered'))
  })
})
