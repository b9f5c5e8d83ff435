import {
  badRequest,
  CloseOrganization,
  closeConfirmed,
  closeMessages,
  erasureDate,
  messages,
  OrganizationClosure,
  unavailable,
} from '@app/core'
import { billingConfigured, cancelSubscription } from '@app/adapters/billing'
import { defineRoute } from '../http/define-route.ts'

/**
 * Settings → Data → Close this organization: typed with its exact name. The Stripe
 * subscription is cancelled first (a failure there closes nothing), then the closure commits with
 * its audit record, and every session and API token of the organization is refused from the
 * next request on. Its data is erased 30 days later unless a supervisor reopens it.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/close',
  auth: 'supervisor',
  wholeChurch: true,
  body: CloseOrganization,
  response: OrganizationClosure,
  errors: [404, 409, 503],
  uses: ['table', 'stripe'],
  handler: async ({ body, session, db }) => {
    const org = await db.organization.get()
    if (!closeConfirmed(body.confirm, org.name))
      throw badRequest(closeMessages.confirm, { confirm: closeMessages.confirm })
    if (org.stripeSubscriptionId) {
      if (!(await billingConfigured())) throw unavailable(messages.billingNotConfigured)
      await cancelSubscription(org.stripeSubscriptionId)
    }
    const closedAt = new Date().toISOString()
    const closure = { closedAt, eraseOn: erasureDate(closedAt, org.timeZone) }
    await db.closure.close(session.user, closure)
    return closure
  },
})
