import * as z from 'zod'
import { Redirect } from '@app/core'
import { sessions, system } from '@app/data'
import { sampleMemberOf, sampleOrganization, seedOrganization } from '@app/data/seed'
import { sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { mayActOnNavigation } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { confirmationPage } from '../views/confirmation-page.ts'

/** The demo organization as sampleOrganization makes it. */
const DEMO = { name: 'Demo: Grace Community Church', members: 9, weeks: 6, demo: true }

/**
 * Browser navigation from /demo: opens the read-only demonstration organization as its supervisor
 * or as one of its staff, without signing up. The organization is made on first use.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/demo',
  auth: 'public',
  query: z.object({
    role: z.enum(['supervisor', 'employee']).default('supervisor'),
    confirm: z.string().max(64).optional(),
  }),
  response: Redirect,
  uses: ['table'],
  handler: async ({ query, event, session: previous }) => {
    // Another site must not swap a real session for the demo's: it gets a page that asks first.
    if (previous && !mayActOnNavigation(event, previous.sid, 'demo', query.confirm)) {
      return confirmationPage(
        { language: previous.user.language, page: 'demo', path: '/api/demo', query: { role: query.role } },
        previous.sid,
        'demo',
      )
    }
    // Only the member's id: the sample itself is made only when the demo does not exist yet.
    const { id: userId, organizationId: orgId } = sampleMemberOf(DEMO, query.role)!
    // One round trip: whether the demo exists, the visitor's session and the end of the previous
    // one are written and read together. The first visit seeds the demo before answering, so the
    // session is never used before its member exists (and a failed seed sends no cookie).
    const [exists, { sid }] = await Promise.all([
      system.organizations.exists(orgId),
      sessions.create({ userId, orgId, demo: true }),
      previous ? sessions.delete(previous.sid) : undefined,
    ])
    if (!exists) await seedOrganization(sampleOrganization(DEMO))
    return HttpResponse.redirect('/', [sessionCookie(sid)])
  },
})
