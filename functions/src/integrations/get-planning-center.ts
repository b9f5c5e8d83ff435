import { PlanningCenterView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { planningCenterView } from '../workflows/planning-center-view.ts'

/**
 * Settings → Integrations → Planning Center: the lists to choose from, the choices, and the sync's
 * last run (which names members of every campus: whole-church supervisors only, as integrations are).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/integrations/planning-center',
  auth: 'supervisor',
  wholeChurch: true,
  response: PlanningCenterView,
  // 'table': reading the lists may refresh the OAuth token (stored).
  errors: [409, 503],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ db }) => {
    return planningCenterView(db)
  },
})
