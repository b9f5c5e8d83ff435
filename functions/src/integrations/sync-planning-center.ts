import { PlanningCenterRunView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { syncPlanningCenter } from '../workflows/planning-center-sync.ts'

/**
 * Syncs now: every person of the chosen lists (created or linked, names, email and campus from
 * Planning Center), linked members who left the lists deactivated. Answers the run, as the page
 * and the audit trail keep it. 409 before a list is chosen or while the connection needs renewing.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/integrations/planning-center/sync',
  auth: 'supervisor',
  wholeChurch: true,
  response: PlanningCenterRunView,
  errors: [404, 409, 503],
  uses: ['table', 'integrations', 'secretsKey', 'staffPool', 'links'],
  handler: async ({ db }) => {
    return syncPlanningCenter(db, 'manual')
  },
})
