import { closedOrganizations, orgDb, type OrgDb } from '@app/data'

/**
 * The order a job takes organizations' waiting work in (exports, imports): the organizations in turn (each one's oldest first, the
 * organization whose oldest waits longest first), so that one organization's many never
 * hold up another's.
 */
export const inTurn = <T extends { orgId: string }>(oldestFirst: readonly T[]): T[] => {
  const queues = new Map<string, T[]>()
  for (const r of oldestFirst) queues.set(r.orgId, [...(queues.get(r.orgId) ?? []), r])
  const out: T[] = []
  for (let round = 0; out.length < oldestFirst.length; round++)
    for (const q of queues.values()) if (q[round]) out.push(q[round]!)
  return out
}

/**
 * One run of a job over organizations' waiting work: every item still running (`running`, oldest
 * first), or those of the organizations named, in turn. A closed organization's items wait (its
 * closure read once per run); an item another run holds (its organization's `items(db).claim`
 * refuses it) is left to that run. Answers how many were running and how many `run` finished.
 */
export const runInTurn = async (
  running: readonly { orgId: string; id: string }[],
  orgIds: readonly string[],
  items: (db: OrgDb) => { claim: (id: string) => Promise<boolean> },
  run: (orgId: string, id: string) => Promise<boolean>,
) => {
  const isClosed = closedOrganizations()
  const named = running.filter((r) => !orgIds.length || orgIds.includes(r.orgId))
  let finished = 0
  for (const { orgId, id } of inTurn(named)) {
    if (await isClosed(orgId)) continue
    if (!(await items(orgDb(orgId)).claim(id))) continue
    if (await run(orgId, id)) finished++
  }
  return { running: named.length, finished }
}
