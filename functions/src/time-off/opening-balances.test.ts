import { describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import createAdjustment from './create-adjustment.ts'
import getBalances from './get-balances.ts'

/**
 * Opening balances as Settings → Time off sets them: one adjustment per member and kind with one
 * reason, through POST /api/time-off/adjustments; each lands in that member's balance and ledger
 * with its audit record, and a refused one (400) changes nothing.
 */
describe('opening balances', () => {
  it('set one balance per member and kind, each with its ledger entry and audit record', async () => {
    const { cookie } = await newOrganization()
    const [ana, tom] = await Promise.all([newStaffMember(cookie), newStaffMember(cookie)])
    const reason = 'Opening balance'
    const entries = [
      { employeeId: ana.user.id, kind: 'vacation', hours: 24.5 },
      { employeeId: ana.user.id, kind: 'sick', hours: 16 },
      { employeeId: tom.user.id, kind: 'personal', hours: 8 },
    ]
    for (const entry of entries) {
      const res = await callRoute(createAdjustment, { cookies: [cookie], body: { ...entry, reason } })
      expect(res.status, res.text).toBe(200)
    }
    const refused = await callRoute(createAdjustment, {
      cookies: [cookie],
      body: { employeeId: tom.user.id, kind: 'vacation', hours: 8.123, reason },
    })
    expect(refused.status).toBe(400)
    const staff = await callRoute(createAdjustment, {
      cookies: [ana.cookie],
      body: { employeeId: ana.user.id, kind: 'vacation', hours: 100, reason },
    })
    expect(staff.status).toBe(403)

    const balances = async (employeeId: string) => {
      const res = await callRoute(getBalances, { cookies: [cookie], query: { employeeId } })
      expect(res.status, res.text).toBe(200)
      return Object.fromEntries(
        (res.json.balances as { kind: string; availableHours: number }[]).map((b) => [b.kind, b.availableHours]),
      )
    }
    expect(await balances(ana.user.id)).toEqual({ vacation: 24.5, sick: 16, personal: 0 })
    expect(await balances(tom.user.id)).toEqual({ vacation: 0, sick: 0, personal: 8 })

    const audit = await callRoute(listAudit, { cookies: [cookie], query: { action: 'timeOff.adjusted' } })
    expect(audit.status, audit.text).toBe(200)
    expect(audit.json.items).toHaveLength(3)
  }, 60_000)
})
