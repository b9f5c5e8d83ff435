import { setTimeout as sleep } from 'node:timers/promises'
import * as z from 'zod'
import { messages, SignedInMember, tooManyRequests, unauthorized } from '@app/core'
import { staffPool } from '@app/adapters'
import { orgDb, sessions, system } from '@app/data'
import { sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/** After a few failures each further try is answered more slowly (then refused by the lockout). */
const slowdownMs = (failures: number) => Math.max(0, failures - 4) * 150

export default defineRoute({
  method: 'POST',
  path: '/api/staff/login',
  auth: 'public',
  body: z.object({
    username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  }),
  response: SignedInMember,
  uses: ['table', 'staffPool'],
  handler: async ({ body, session: previous }) => {
    const username = body.username.toLowerCase()
    // Our own counter answers before Cognito is asked: its sign-in quota is shared by every tenant.
    const { locked, failures } = await system.loginFailures.lockedFor(username)
    if (locked) throw tooManyRequests(messages.staffLoginLocked)

    const member = await system.findByUsername(username)
    // An unknown username and a wrong password get the same answer.
    const accepted = member !== undefined && (await staffPool.checkPassword(username, body.password))
    if (!member || !accepted) {
      await system.loginFailures.record(username)
      await sleep(slowdownMs(failures + 1))
      throw unauthorized(messages.staffLoginFailed)
    }
    await system.loginFailures.clear(username)
    const user = await orgDb(member.orgId).users.get(member.userId)
    if (previous) await sessions.delete(previous.sid)
    const { sid } = await sessions.create(member)
    return HttpResponse.json(user, 200, [sessionCookie(sid)])
  },
})
