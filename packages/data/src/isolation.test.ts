import { describe, expect, it } from 'vitest'
import { outbox } from './outbox.ts'
import { createTestOrganization, queueEmail } from './testing.ts'

const newOrg = () => createTestOrganization({ firstName: 'Iso', lastName: 'Lation' })

describe('tenant isolation in the data layer', () => {
  it("organization B can neither read nor list organization A's members, timesheets or outbox", async () => {
    const a = await newOrg()
    const b = await newOrg()
    const sheet = await a.db.timesheets.getOrCreate(a.user, '2026-11-16')
    await a.db.timesheets.submit(sheet.id, a.user)
    await queueEmail(a.organization.id, { template: 'declined', language: 'en', values: { to: 'x@example.org' } })

    await expect(b.db.users.get(a.user.id)).rejects.toMatchObject({ status: 404 })
    expect(await b.db.users.findForRecords(a.user.id)).toBeUndefined()
    expect((await b.db.users.list()).map((u) => u.id)).toEqual([b.user.id])
    expect(await b.db.timesheets.weekOf(a.user.id, '2026-11-16')).toBeUndefined()
    // B has no timesheets of its own, so A's id must find nothing at all.
    expect(await b.db.timesheets.find(sheet.id)).toBeUndefined()
    expect((await b.db.timesheets.list({})).items).toEqual([])
    expect(await b.db.timesheets.all('pending')).toEqual([])
    expect(await b.db.timesheets.counts()).toEqual({ draft: 0, pending: 0, approved: 0, rejected: 0 })
    expect(await outbox.pendingFor(b.organization.id)).toEqual([])
    await expect(b.db.timesheets.submit(sheet.id, a.user)).rejects.toMatchObject({ status: 404 })
    await expect(b.db.members.remove(a.user.id, b.user)).rejects.toMatchObject({ status: 404 })
    expect((await a.db.timesheets.get(sheet.id)).status).toBe('pending')
    expect(await a.db.members.count()).toBe(1)
  })
})
