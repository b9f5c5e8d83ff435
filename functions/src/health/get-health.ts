import { Health } from '@app/core'
import { cachedHealthSummary, checkDependencies, healthTokenMatches, isHealthy } from '@app/adapters'
import { defineSessionlessRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/**
 * Public and cheap: anonymous callers get the cached summary (`{status}`), probed at most every
 * 30 s per instance. With `authorization: Bearer <health token>` (infra's HealthToken secret;
 * HEALTH_TOKEN locally) the caller gets a fresh probe of every dependency. Never 500: a probe
 * that fails reports its dependency as down. In AWS the function's role may only probe
 * (infra/lib/constructs/api.ts, probeGrant), whatever `uses` lists.
 */
export default defineSessionlessRoute({
  method: 'GET',
  path: '/api/health',
  response: Health,
  uses: ['table', 'staffPool', 'exportsBucket', 'logosBucket', 'email', 'oidc', 'stripe'],
  handler: async ({ event }) => {
    if (await healthTokenMatches(event.headers?.authorization)) {
      const dependencies = await checkDependencies()
      const ok = isHealthy(dependencies)
      return HttpResponse.json({ status: ok ? 'ok' : 'degraded', dependencies }, ok ? 200 : 503)
    }
    const ok = await cachedHealthSummary()
    return HttpResponse.json({ status: ok ? 'ok' : 'degraded' }, ok ? 200 : 503)
  },
})
