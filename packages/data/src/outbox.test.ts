import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { outbox } from './outbox.ts'
import { queueEmail, queueRenderedEmail } from './testing.ts'

describe('the email outbox', () => {
  it('lets one sender at a time claim an email, and frees it when a try fails', async () => {
    const orgId = randomUUID()
    const entry = await queueEmail(orgId, {
      template: 'declined',
      language: 'en',
      values: { to: 'a@example.org' },
    })
    const claims = await Promise.all(Array.from({ length: 5 }, () => outbox.claim(orgId, entry.id)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    await outbox.failed(orgId, entry.id, 0, 'SES down')
    expect(await outbox.claim(orgId, entry.id)).toBe(true)
    await outbox.sent(orgId, entry.id)
    expect(await outbox.claim(orgId, entry.id)).toBe(false)
    expect(await outbox.pendingFor(orgId)).toEqual([])
  })

  it('keeps a template, its language and its values, and reads an item queued rendered (before templates were stored) as its message', async () => {
    const orgId = randomUUID()
    const values = { to: { email: 'a@example.org', firstName: 'Ana' }, hours: 7.5, items: [{ id: 3 }] }
    const templated = await queueEmail(orgId, { template: 'review', language: 'es', values })
    const message = { to: 'b@example.org', subject: 's', text: 't', html: '<p>h</p>' }
    const rendered = await queueRenderedEmail(orgId, message)
    const pending = await outbox.pendingFor(orgId)
    expect(pending.find((p) => p.id === templated.id)?.email).toEqual({ template: 'review', language: 'es', values })
    expect(pending.find((p) => p.id === rendered.id)?.email).toEqual({ message })
  })
})
