import { setTimeout as sleep } from 'node:timers/promises'
import * as z from 'zod'
import { Language, messages, namedText, SignedInMember, tooManyRequests, unauthorized } from '@app/core'
import { staffPool } from '@app/adapters'
import { memberSubject, orgDb, sessions, system } from '@app/data'
import { clientOf, rateAddressOf } from '../http/client.ts'
import { rememberedSessionCookie, sessionCookie } from '../http/cookies.ts'
import { deviceOf } from '../http/device.ts'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { HttpResponse } from '../http/response.ts'

/** After a few attempts each further failure is answered more slowly (then refused by the lockout). */
const slowdownMs = (attempts: number) => Math.max(0, attempts - 4) * 150

export default defineRoute({
  method: 'POST',
  path: '/api/staff/login',
  auth: 'public',
  body: z.object({
    username: namedText('Username', 100),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(256, 'Password must be 256 characters or fewer'),
    /** The web's current language; a member who never chose one takes it. */
    language: Language.optional(),
    /** 'Keep me signed in on this phone' (a longer session, listed on the member's Profile); staff and volunteers only. */
    remember: z.boolean().optional(),
  }),
  response: SignedInMember,
  errors: [401, 404, 409, 429],
  uses: ['table', 'staffPool'],
  handler: async ({ body, session: previous, event }) => {
    const username = body.username.toLowerCase()
    const address = rateAddressOf(event.requestContext?.http?.sourceIp ?? 'unknown')
    // Counted before anything is checked, per username and address (system.loginAttempts); our own
    // counter answers before Cognito is asked, as its sign-in quota is shared by every tenant.
    const counted = await system.loginAttempts.begin(username, address)
    if (counted.locked) throw tooManyRequests(messages.staffLoginLocked, counted.retryAfter)
    const { attempts } = counted

    // The pool is asked for an unknown username too: both answers take the same path and time.
    let member: Awaited<ReturnType<typeof system.findByUsername>>
    let accepted: boolean
    try {
      ;[member, accepted] = await Promise.all([
        system.findByUsername(username),
        staffPool.checkPassword(username, body.password),
      ])
    } catch (e) {
      await system.loginAttempts.forget(username, address)
      throw e
    }
    if (!member || !accepted) {
      // A wrong password for a real member is recorded in their organization (an unknown username has none).
      const tried = member && (await orgDb(member.orgId).users.find(member.userId))
      if (member && tried) {
        await orgDb(member.orgId).audit.record(tried, {
          action: 'signIn.failed',
          subject: memberSubject(tried),
          client: clientOf(event),
        })
      }
      await sleep(slowdownMs(attempts))
      throw unauthorized(messages.staffLoginFailed)
    }
    await system.loginAttempts.clear(username, address)
    const db = orgDb(member.orgId)
    const found = await db.users.get(member.userId)
    const language = browserLanguageOf(event, body.language)
    const user = language ? await db.members.setLanguage(found.id, language, 'browser', found) : found
    if (previous) await sessions.delete(previous.sid)
    const client = clientOf(event)
    // Remembering is for staff and volunteers: a supervisor's session (which reaches API tokens,
    // payroll and every member) keeps the ordinary limits, whatever the client asked.
    if (!body.remember || user.role === 'supervisor') {
      const { sid } = await sessions.create(member, { member: user, client })
      return HttpResponse.json(user, 200, [sessionCookie(sid)])
    }
    const { sid } = await sessions.create(member, { member: user, client }, deviceOf(client.userAgent))
    return HttpResponse.json(user, 200, [rememberedSessionCookie(sid)])
  },
})
