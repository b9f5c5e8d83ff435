import { PlanningCenterSettingsUpdate, PlanningCenterView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { planningCenterView } from '../workflows/planning-center-view.ts'

/**
 * Chooses the Planning Center lists that hold staff and volunteers, the departments their new
 * members get, and (when given) the webhook subscriptions' authenticity secrets, kept sealed.
 * The supervisor choosing becomes new members' approver. Whole-church supervisors only.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/integrations/planning-center',
  auth: 'supervisor',
  wholeChurch: true,
  body: PlanningCenterSettingsUpdate,
  response: PlanningCenterView,
  errors: [409, 503],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    const { webhookSecrets, ...lists } = body
    await db.planningCenter.save(lists, webhookSecrets, session.user)
    return planningCenterView(db)
  },
})
