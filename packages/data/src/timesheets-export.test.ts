import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { addDays, bulkCsvRow, type Timesheet, type TimesheetStatus } from '@app/core'
import { orgDb } from './org-db.ts'
import { sampleOrganization } from './sample-organization.ts'
import { seedOrganization } from './seed.ts'

/** The payroll export's order as it was first written: newest week first, then by id. */
const fileOrder = (sheets: Timesheet[]) =>
  [...sheets].sort((a, b) => b.weekStartDate.localeCompare(a.weekStartDate) || a.id - b.id)

describe('the payroll export read (mapForExport)', () => {
  it('gives the rows of every submission, or of one status, in the file order, whatever the ranges', async () => {
    // 13 weeks of 7 staff: the weeks fall in several date ranges, each read on its own.
    const seed = sampleOrganization({ name: `Export order ${randomUUID()}`, members: 8, weeks: 13 })
    // One week that starts on a Sunday (an organization that changed its first weekday) sits between two ranges' weeks.
    const moved = seed.timesheets.find((t) => t.status === 'approved')!
    const last = Math.max(...seed.timesheets.map((t) => t.id))
    seed.timesheets.push({ ...moved, id: last + 1, weekStartDate: addDays(moved.weekStartDate, -1) })
    await seedOrganization(seed)
    const db = orgDb(seed.organization.id)
    const zone = seed.organization.timeZone

    for (const status of [undefined, 'approved', 'pending', 'rejected', 'draft'] as (TimesheetStatus | undefined)[]) {
      const expected = fileOrder(await db.timesheets.all(status))
      if (status === undefined || status === 'approved') expect(expected.length, String(status)).toBeGreaterThan(50)
      const rows = await db.timesheets.mapForExport(status, (t) => bulkCsvRow(t, null, null, zone))
      expect(rows, String(status)).toEqual(expected.map((t) => bulkCsvRow(t, null, null, zone)))
      const ids = await db.timesheets.mapForExport(status, (t) => t.id)
      expect(ids, String(status)).toEqual(expected.map((t) => t.id))
    }
  })

  it('gives nothing for an organization without submissions', async () => {
    const seed = sampleOrganization({ name: `Export empty ${randomUUID()}`, members: 2, weeks: 1 })
    await seedOrganization({ ...seed, timesheets: seed.timesheets.filter((t) => t.status === 'draft') })
    const db = orgDb(seed.organization.id)
    expect(await db.timesheets.mapForExport(undefined, (t) => t.id)).toEqual([])
    expect(await db.timesheets.mapForExport('approved', (t) => t.id)).toEqual([])
  })
})
