import * as z from 'zod'
import { Redirect } from '@app/core'
import { sessions, system } from '@app/data'
import { sampleOrganization, seedOrganization, stableId } from '@app/data/seed'
import { sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { mayActOnNavigation } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { confirmationPage } from '../views/confirmation-page.ts'

const DEMO_NAME = 'Demo: Grace Community Church'

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
    const orgId = stableId('org', DEMO_NAME)
    const demo = sampleOrganization({ name: DEMO_NAME, members: 9, weeks: 6, demo: true })
    if (!(await system.organizations.exists(orgId))) await seedOrganization(demo)
    const member = query.role === 'supervisor' ? demo.members[0]! : demo.members.find((m) => m.role === 'employee')!
    if (previous) await sessions.delete(previous.sid)
    const { sid } = await sessions.create({ userId: member.id, orgId, demo: true })
    return HttpResponse.redirect('/', [sessionCookie(sid)])
  },
})
