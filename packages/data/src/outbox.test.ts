import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { outbox } from './outbox.ts'
import { queueEmail } from './testing.ts'

describe('the email outbox', () => {
  it('lets one sender at a time claim an email, and frees it when a try fails', async () => {
    const orgId = randomUUID()
    const entry = await queueEmail(orgId, { to: 'a@example.org', subject: 's', text: 't', html: 'h' })
    const claims = await Promise.all(Array.from({ length: 5 }, () => outbox.claim(orgId, entry.id)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    await outbox.failed(orgId, entry.id, 0, 'SES down')
    expect(await outbox.claim(orgId, entry.id)).toBe(true)
    await outbox.sent(orgId, entry.id)
    expect(await outbox.claim(orgId, entry.id)).toBe(false)
    expect(await outbox.pendingFor(orgId)).toEqual([])
  })
})
