import { todayIn, type Organization, type Roster } from '@app/core'
import type { DirectoryEntry, OrgDb } from '@app/data'

/** Who approves whom and who is away (issue 31), from the member directory: one query, however many members. */
export const rosterOf = (directory: ReadonlyMap<string, DirectoryEntry>): Roster =>
  new Map([...directory].map(([id, entry]) => [id, { ...entry, id }]))

/** The organization's roster and today's date in its zone (away dates are in that zone). */
export const routingOf = async (db: OrgDb, org: Organization) => {
  const { directory } = await db.aggregates.summary()
  return { roster: rosterOf(directory), today: todayIn(org.timeZone), directory }
}
