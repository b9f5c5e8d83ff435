import { checkDependencies } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

export default defineRoute({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  uses: ['table', 'staffPool', 'exportsBucket', 'logosBucket', 'email', 'oidc', 'stripe'],
  handler: async () => {
    const dependencies = await checkDependencies()
    const ok = Object.values(dependencies).every((s) => s !== 'down')
    return HttpResponse.json({ status: ok ? 'ok' : 'degraded', dependencies }, ok ? 200 : 503)
  },
})
