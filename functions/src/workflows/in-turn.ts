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
