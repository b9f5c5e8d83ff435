import { AppError, type PlanningCenterView } from '@app/core'
import { VendorError } from '@app/adapters'
import type { OrgDb } from '@app/data'
import { withPlanningCenter } from './planning-center-connection.ts'

/**
 * Planning Center as its settings page shows it: the choices, the lists Planning Center has now
 * (read live; when it cannot be reached, why, and the rest of the page still shows), the last run.
 */
export const planningCenterView = async (db: OrgDb): Promise<PlanningCenterView> => {
  const [settings, stored, lastRun] = await Promise.all([
    db.planningCenter.settings(),
    db.integrations.get('planning-center'),
    db.planningCenter.lastRun(),
  ])
  const connected = Boolean(stored?.sealedTokens)
  let lists: PlanningCenterView['lists'] = []
  let listsError: string | null = null
  if (connected)
    try {
      lists = await withPlanningCenter(db, (api) => api.lists())
    } catch (e) {
      if (!(e instanceof VendorError || e instanceof AppError)) throw e
      listsError = e.message
    }
  return {
    connected,
    staffListId: settings.staffListId,
    volunteersListId: settings.volunteersListId,
    staffDepartment: settings.staffDepartment,
    volunteersDepartment: settings.volunteersDepartment,
    webhookSecrets: settings.webhookSecrets,
    accountId: settings.accountId,
    lists,
    listsError,
    lastRun: lastRun ?? null,
  }
}
