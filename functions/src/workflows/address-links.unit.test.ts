import { beforeAll, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createDecisionLink } from './decision-links.ts'
import { createAddressLink, readAddressLink, CONFIRM_LINK_DAYS } from './address-links.ts'

beforeAll(() => {
  vi.stubEnv('EMAIL_LINK_SECRET', 'a-test-secret-of-enough-length-0123456789')
})

const link = { orgId: 'org-a', userId: 'user-a', email: 'ana@grace.example' }
const parts = (token: string) => {
  const [payload, signature] = token.split('.')
  return { body: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>, signature }
}
const withBody = (body: Record<string, unknown>, signature: string | undefined) =>
  `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`

describe('address confirmation links', () => {
  it('reads back what was signed, each with its own id, until it expires after 7 days', async () => {
    const now = Date.parse('2026-11-26T12:00:00Z')
    const [a, b] = [await createAddressLink(link, now), await createAddressLink(link, now)]
    const read = await readAddressLink(a, now + 1000)
    expect(read).toEqual({ ok: true, link: { ...link, linkId: expect.any(String), expiresAt: now + 7 * 86_400_000 } })
    expect(CONFIRM_LINK_DAYS).toBe(7)
    expect(parts(a).body.linkId).not.toBe(parts(b).body.linkId)
    expect(await readAddressLink(a, now + 7 * 86_400_000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses any change to the organization, member or address it names', async () => {
    const token = await createAddressLink(link)
    const { body, signature } = parts(token)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('orgId', 'userId', 'email', 'expiresAt', 'linkId'),
        fc.string(),
        async (field, value) => {
          fc.pre(body[field] !== value)
          expect(await readAddressLink(withBody({ ...body, [field]: value }, signature))).toEqual({
            ok: false,
            reason: 'invalid',
          })
        },
      ),
      { numRuns: 50 },
    )
  })

  it('refuses cut-off tokens, and an Approve link signed with the same secret', async () => {
    const token = await createAddressLink(link)
    for (const bad of ['', '.', token.split('.')[0]!, `${token}.x`, token.slice(0, -2)])
      expect((await readAddressLink(bad)).ok).toBe(false)
    const decision = await createDecisionLink({
      orgId: 'org-a',
      timesheetId: 1,
      version: 1,
      decision: 'approved',
      supervisorId: 'user-a',
    })
    expect(await readAddressLink(decision)).toEqual({ ok: false, reason: 'invalid' })
  })
})
