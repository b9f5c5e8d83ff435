import { describe, expect, it } from 'vitest'
import { addDays } from '@app/core'
import { MAX_KEPT_READS } from './query-page.ts'
import { createTestOrganization } from './testing.ts'

describe("one employee's timesheets in one status", () => {
  it('come in full pages while a cursor remains, newest week first, each once', async () => {
    const { user, db } = await createTestOrganization({ firstName: 'Page', lastName: 'Filler', email: null })
    // Seven weeks, newest first; drafts sit between the pending ones on the employee's index.
    const pendingWeeks = new Set([0, 3, 4, 6])
    const expected: number[] = []
    for (let k = 0; k < 7; k++) {
      const sheet = await db.timesheets.getOrCreate(user, addDays('2026-11-16', -7 * k))
      if (pendingWeeks.has(k)) {
        await db.timesheets.submit(sheet.id, user)
        expected.push(sheet.id)
      }
    }

    const pages: number[][] = []
    let cursor: string | undefined
    do {
      const page = await db.timesheets.list({ employeeId: user.id, status: 'pending', limit: 2, cursor })
      pages.push(page.items.map((t) => t.id))
      expect(page.items.every((t) => t.status === 'pending' && t.employeeId === user.id)).toBe(true)
      if (page.cursor) expect(page.items).toHaveLength(2)
      cursor = page.cursor ?? undefined
    } while (cursor)
    expect(pages.flat()).toEqual(expected)
    expect(pages[0]).toEqual(expected.slice(0, 2))
  })
})

describe('a page whose reader keeps few of the weeks (a campus admin)', () => {
  it('reads on past the weeks it drops, at most MAX_KEPT_READS reads a page, and its cursor loses none', async () => {
    const { user, db } = await createTestOrganization({ firstName: 'Kept', lastName: 'Reads', email: null })
    const ids: number[] = []
    for (let k = 0; k < MAX_KEPT_READS + 3; k++)
      ids.push((await db.timesheets.getOrCreate(user, addDays('2026-11-16', -7 * k))).id)
    // Only the oldest week is kept: more than MAX_KEPT_READS pages of one are dropped before it.
    const oldest = ids.at(-1)!
    const keep = (t: { id: number }) => t.id === oldest
    const first = await db.timesheets.list({ employeeId: user.id, limit: 1, keep })
    expect(first.items).toEqual([])
    expect(first.cursor).not.toBeNull()
    const second = await db.timesheets.list({ employeeId: user.id, limit: 1, keep, cursor: first.cursor! })
    expect(second.items.map((t) => t.id)).toEqual([oldest])
    // Without the bound the first page would have read on to it.
    const unbounded = await db.timesheets.list({ employeeId: user.id, limit: MAX_KEPT_READS + 3, keep })
    expect(unbounded.items.map((t) => t.id)).toEqual([oldest])
  })
})
