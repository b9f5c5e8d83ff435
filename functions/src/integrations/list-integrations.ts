import { IntegrationList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { integrationViews } from '../workflows/integrations.ts'

/** Settings → Integrations: each integration, whether it is configured and connected, and when it last sent. */
export default defineRoute({
  method: 'GET',
  path: '/api/integrations',
  auth: 'supervisor',
  response: IntegrationList,
  uses: ['table:read', 'integrations'],
  handler: async ({ db }) => ({ integrations: await integrationViews(db) }),
})
