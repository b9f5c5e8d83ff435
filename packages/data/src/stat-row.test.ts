import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { todayIn, waitingCount, type RoutingMember } from '@app/core'
import { keys } from './keys.ts'
import { orgDb } from './org-db.ts'
import { sampleOrganization } from './sample-organization.ts'
import { seedOrganization } from './seed.ts'
import { table } from './table.ts'
import { commandsDuring, keysReadBy } from './testing.ts'

/**
 * The whole church's stat row reads the same three small items whatever the number of members or
 * pending weeks: the head, the week's figures and the routing item, whose size grows with the
 * supervisors only. Its figures are the ones the directory and each member's counts give.
 */
const seeded = async (members: number) => {
  const seed = sampleOrganization({ name: `Stat Row ${members} ${randomUUID().slice(0, 6)}`, members, weeks: 3 })
  await seedOrganization(seed)
  return seed
}

describe('the stat row', () => {
  it('reads one batch of the same three items at 25 members as at 400, and answers as the directory does', async () => {
    const reads: { keys: string[]; calls: number; attributes: number; supervisors: number }[] = []
    for (const size of [25, 400]) {
      const seed = await seeded(size)
      const orgId = seed.organization.id
      const db = orgDb(orgId)
      const week = Object.keys((await db.aggregates.stored()).weeks).sort()[0]!
      let row: Awaited<ReturnType<typeof db.aggregates.statRow>> | undefined
      const sent = await commandsDuring(async () => {
        row = await db.aggregates.statRow(week)
      })
      const routing = await table.get(keys.routing(orgId))
      reads.push({
        keys: keysReadBy(sent[0]!).map((sk) => sk.replace(/\d{4}-\d\d-\d\d/, 'date')),
        calls: sent.length,
        attributes: Object.keys(routing ?? {}).length,
        supervisors: seed.members.filter((m) => m.role === 'supervisor').length,
      })

      // The same figures as the summary (every directory entry, each member's pending counts).
      const summary = await db.aggregates.summary(week)
      expect(row!.counts).toEqual(summary.counts)
      expect(row!.activeStaff).toBe(summary.activeStaff)
      expect(row!.week).toEqual(await summary.week(week))
      const roster = new Map<string, RoutingMember>([...summary.directory].map(([id, e]) => [id, { id, ...e }]))
      const today = todayIn(seed.organization.timeZone)
      for (const me of seed.members.filter((m) => m.role === 'supervisor'))
        expect(waitingCount(me.id, row!.waiting.pending, seed.organization.approvals, row!.waiting.roster, today)).toBe(
          waitingCount(me.id, await db.aggregates.pendingByMember(), seed.organization.approvals, roster, today),
        )
    }
    const [small, large] = reads
    expect(small!.calls).toBe(1)
    expect(large!.calls).toBe(1)
    expect(large!.keys).toEqual(small!.keys)
    // Each supervisor's routing and at most two counts of their own and two of their members'; and the pk and sk.
    for (const r of reads) expect(r.attributes).toBeLessThanOrEqual(2 + 5 * r.supervisors + 2)
  }, 120_000)
})
