import { describe, expect, it } from 'vitest'
import { addDays, COMMENT_HISTORY_LIMIT, currentWeekStart } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import getHistory from './get-history.ts'

/** A timesheet's comment history cannot grow the item past DynamoDB's 400 KB. */
describe("a timesheet's comment history", () => {
  it('keeps the latest decisions in the item; the whole history stays in the audit trail', async () => {
    const { cookie, organization, supervisor } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const db = orgDb(organization.id)
    const week = addDays(currentWeekStart('America/Chicago', 'monday'), -7)
    let sheet = await db.timesheets.getOrCreate(staff.user, week)
    const rounds = COMMENT_HISTORY_LIMIT + 5
    const comment = (i: number) => `Round ${i}: ${'x'.repeat(1990)}`
    for (let i = 1; i <= rounds; i++) {
      sheet = await db.timesheets.submit(sheet.id, staff.user)
      sheet = await db.timesheets.decide(sheet, supervisor, 'rejected', comment(i))
    }
    const stored = await db.timesheets.get(sheet.id)
    expect(stored.commentHistory).toHaveLength(COMMENT_HISTORY_LIMIT)
    expect(stored.commentHistory.at(-1)!.comment).toBe(comment(rounds))
    expect(stored.commentHistory[0]!.comment).toBe(comment(rounds - COMMENT_HISTORY_LIMIT + 1))
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(100_000)
    // Every decision is still in the timesheet's history (the audit trail).
    const history = await callRoute(getHistory, { cookies: [cookie], params: { id: String(sheet.id) } })
    expect(history.status, history.text).toBe(200)
    expect(JSON.stringify(history.json)).toContain('Round 1: ')
  }, 60_000)
})
