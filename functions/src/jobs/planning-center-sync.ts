import { closedOrganizations, orgDb, planningCenterOrganizations } from '@app/data'
import { syncPlanningCenter } from '../workflows/planning-center-sync.ts'

/**
 * The nightly reconciliation with Planning Center People: every organization that chose a list
 * (or those named) is synced whole, as "Sync now" does, so a webhook Planning Center could not
 * deliver is made up within a day. One organization's failure (recorded as its failed run) does
 * not stop the others.
 */
export const planningCenterSyncJob = async (orgIds: string[] = []) => {
  const ids = orgIds.length ? orgIds : await planningCenterOrganizations()
  const isClosed = closedOrganizations()
  let synced = 0
  let failed = 0
  let closed = 0
  for (const id of ids) {
    if (await isClosed(id)) {
      closed++
      continue
    }
    try {
      await syncPlanningCenter(orgDb(id), 'nightly')
      synced++
    } catch (e) {
      failed++
      console.log(JSON.stringify({ level: 'warn', event: 'planning-center-sync-failed', orgId: id, error: String(e) }))
    }
  }
  return { organizations: ids.length, synced, failed, closed }
}

export const handler = () => planningCenterSyncJob()
