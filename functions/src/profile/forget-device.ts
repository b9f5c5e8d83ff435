import * as z from 'zod'
import { NoContent, notFound } from '@app/core'
import { sessions } from '@app/data'
import { clearedSessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/**
 * Signs one of the caller's remembered phones out at once (this one too: its cookie is
 * cleared with the answer).
 */
export default defineRoute({
  method: 'DELETE',
  path: '/api/profile/devices/{id}',
  auth: 'member',
  params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'Device id must be a valid id') }),
  response: NoContent,
  errors: [404],
  uses: ['table'],
  handler: async ({ params, session }) => {
    const forgotten = await sessions.forgetDevice(session.orgId, session.user, params.id, session.user, session.sid)
    if (!forgotten) throw notFound('phone')
    return forgotten.current ? HttpResponse.noContent([clearedSessionCookie()]) : undefined
  },
})
