import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createExpiringLink, openToken, readExpiringLink, signToken } from './signed-tokens.ts'

const SECRET = 'a-test-secret-of-enough-length-0123456789'
beforeAll(() => {
  vi.stubEnv('EMAIL_LINK_SECRET', SECRET)
})

/** The token format emails already sent carry: changing it would break every link in an inbox. */
const byHand = (purpose: string, value: unknown) => {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${payload}.${createHmac('sha256', SECRET).update(`${purpose}${payload}`).digest('base64url')}`
}

describe('signed tokens of emailed links', () => {
  it.each([
    ['decision links', ''],
    ['address confirmations', 'confirm-address:'],
    ['unsubscribes', 'unsubscribe.'],
  ])('keeps the format of %s, and reads back what it signed', async (_, purpose) => {
    const value = { orgId: 'org-a', n: 1 }
    const token = await signToken(purpose, value)
    expect(token).toBe(byHand(purpose, value))
    expect(await openToken(purpose, token)).toEqual(value)
  })

  it('refuses another purpose, an altered payload or signature, and cut-off tokens', async () => {
    const token = await signToken('unsubscribe.', ['org-a', 'user-a', 'digest'])
    const [payload, signature] = token.split('.') as [string, string]
    const altered = Buffer.from(JSON.stringify(['org-b', 'user-a', 'digest'])).toString('base64url')
    for (const bad of [
      `${altered}.${signature}`,
      `${payload}.${signature.slice(0, -1)}x`,
      `${payload}.${signature}.x`,
      payload,
      `.${signature}`,
      '',
    ]) {
      expect(await openToken('unsubscribe.', bad), bad).toBeUndefined()
    }
    expect(await openToken('', token)).toBeUndefined()
  })

  it('makes single-use links with fresh ids that expire `days` later', async () => {
    const now = Date.parse('2026-11-26T12:00:00Z')
    const [a, b] = await Promise.all([0, 1].map(() => createExpiringLink('p:', { orgId: 'o' }, 3, now)))
    const read = await readExpiringLink('p:', a!, now + 3 * 86_400_000 - 1)
    expect(read).toEqual({
      ok: true,
      link: { orgId: 'o', linkId: expect.any(String), expiresAt: now + 3 * 86_400_000 },
    })
    const other = await readExpiringLink<{ linkId: string; expiresAt: number }>('p:', b!, now)
    expect(other.ok && read.ok && other.link.linkId !== read.link.linkId).toBe(true)
    expect(await readExpiringLink('p:', a!, now + 3 * 86_400_000)).toEqual({ ok: false, reason: 'expired' })
    expect(await readExpiringLink('q:', a!, now)).toEqual({ ok: false, reason: 'invalid' })
  })
})
