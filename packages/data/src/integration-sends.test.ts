import { describe, expect, it } from 'vitest'
import { integrationSendsDue } from './integration-sends.ts'
import { createTestOrganization } from './testing.ts'

const newOrg = () => createTestOrganization({ firstName: 'Gus', lastName: 'To' })

describe('sends to Gusto in the data layer', () => {
  it("organization B can neither read nor list organization A's send or its time sheet ids", async () => {
    const a = await newOrg()
    const b = await newOrg()
    await a.db.gustoSends.request('2026-11-16', a.user.id, '2026-11-30T14:00:00.000Z')
    await a.db.gustoSends.recordSheet('2026-11-16', 'ana#2026-11-16#0', { uuid: 'ts-1', version: 'v1', digest: 'd' })
    expect(await a.db.gustoSends.sheets('2026-11-16')).toEqual({
      'ana#2026-11-16#0': { uuid: 'ts-1', version: 'v1', digest: 'd' },
    })
    expect(await b.db.gustoSends.read('2026-11-16')).toBeNull()
    expect(await b.db.gustoSends.sheets('2026-11-16')).toEqual({})
    expect(await b.db.gustoSends.claim('2026-11-16')).toBe(false)
    await b.db.gustoSends.forgetSheet('2026-11-16', 'ana#2026-11-16#0')
    expect(Object.keys(await a.db.gustoSends.sheets('2026-11-16'))).toEqual(['ana#2026-11-16#0'])
  })

  it('one run at a time: a claim holds the send; a queued retry waits for its time; the due list follows', async () => {
    const a = await newOrg()
    const start = '2026-11-30'
    const now = Date.parse('2026-12-15T12:00:00.000Z')
    await a.db.gustoSends.request(start, a.user.id, null, now)
    expect(await a.db.gustoSends.claim(start, now)).toBe(true)
    expect(await a.db.gustoSends.claim(start, now)).toBe(false)
    await expect(a.db.gustoSends.request(start, a.user.id, null, now)).rejects.toMatchObject({ status: 409 })
    const retryAt = new Date(now + 60_000).toISOString()
    const empty = { created: 0, updated: 0, deleted: 0, unchanged: 0, payrollSynced: false, paidTimeOffSent: false }
    await a.db.gustoSends.finish(start, { ...empty, state: 'queued', retryAt, errors: [] })
    expect(await a.db.gustoSends.claim(start, now + 30_000)).toBe(false)
    const due = (at: number) =>
      integrationSendsDue(new Date(at)).then((l) =>
        l.some((d) => d.orgId === a.organization.id && d.vendor === 'gusto'),
      )
    expect(await due(now + 30_000)).toBe(false)
    expect(await due(now + 61_000)).toBe(true)
    expect(await a.db.gustoSends.claim(start, now + 61_000)).toBe(true)
    expect((await a.db.gustoSends.read(start))!.attempts).toBe(2)
    await a.db.gustoSends.finish(start, { ...empty, state: 'sent', retryAt: null, errors: [] })
    expect(await due(now + 61_000)).toBe(false)
    expect((await a.db.gustoSends.read(start))!.sentAt).not.toBeNull()
  })

  it("a period's send to QuickBooks and its send to Gusto are apart: each its own state, 409 and due entry", async () => {
    const a = await newOrg()
    const start = '2026-12-14'
    const now = Date.parse('2026-12-29T12:00:00.000Z')
    await a.db.gustoSends.request(start, a.user.id, null, now)
    expect(await a.db.quickbooksSends.read(start)).toBeNull()
    await a.db.quickbooksSends.request(start, a.user.id, '2026-12-28T10:00:00.000Z', now)
    await expect(a.db.quickbooksSends.request(start, a.user.id, null, now)).rejects.toMatchObject({
      status: 409,
      message: 'A send of this pay period to QuickBooks Online is already under way',
    })
    const due = (await integrationSendsDue(new Date(now + 1000))).filter((d) => d.orgId === a.organization.id)
    expect(due.sort((x, y) => x.vendor.localeCompare(y.vendor))).toEqual([
      { orgId: a.organization.id, vendor: 'gusto', start },
      { orgId: a.organization.id, vendor: 'quickbooks', start },
    ])
    expect(await a.db.quickbooksSends.claim(start, now)).toBe(true)
    expect((await a.db.gustoSends.read(start))!.state).toBe('queued')
    expect((await a.db.quickbooksSends.read(start))!).toMatchObject({
      state: 'sending',
      closedAt: '2026-12-28T10:00:00.000Z',
    })
  })
})
