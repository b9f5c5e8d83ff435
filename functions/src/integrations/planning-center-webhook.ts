import { PlanningCenterWebhookReceipt, planningCenterMessages, unauthorized } from '@app/core'
import { planningCenterSignatureValid, readPlanningCenterDeliveries } from '@app/adapters'
import { orgDb, organizationOfPlanningCenter } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { syncPlanningCenter, syncPlanningCenterPerson } from '../workflows/planning-center-sync.ts'

/**
 * Planning Center's webhooks (no session). A delivery names its Planning Center organization
 * (`relationships.organization`), which finds ours (recorded when the connection was made); the
 * raw body's HMAC-SHA256 must then match `X-PCO-Webhooks-Authenticity` under one of that
 * organization's webhook secrets, else 401 and nothing is read or changed. A `person.updated` of
 * a linked member reads that person again; any other people event (created, destroyed, a list's
 * change) runs the whole sync, so a person who left the lists is deactivated at once. Applied
 * before answering: Planning Center retries a delivery that did not get a 200.
 */
const PERSON_UPDATED = 'people.v2.events.person.updated'

export default defineRoute({
  method: 'POST',
  path: '/api/integrations/planning-center/webhook',
  auth: 'public',
  skipCsrf: true,
  response: PlanningCenterWebhookReceipt,
  errors: [401, 404, 409, 503],
  uses: ['table', 'integrations', 'secretsKey', 'staffPool', 'links'],
  handler: async ({ event: request }) => {
    const raw = request.isBase64Encoded
      ? Buffer.from(request.body ?? '', 'base64').toString('utf8')
      : (request.body ?? '')
    const refused = () => unauthorized(planningCenterMessages.badSignature)
    const deliveries = readPlanningCenterDeliveries(raw)
    const accounts = new Set(deliveries?.map((d) => d.organizationId))
    const account = accounts.size === 1 ? [...accounts][0] : null
    if (!deliveries?.length || !account) throw refused()
    const orgId = await organizationOfPlanningCenter(account)
    if (!orgId) throw refused()
    const db = orgDb(orgId)
    const signature = request.headers['x-pco-webhooks-authenticity']
    if (!planningCenterSignatureValid(raw, signature, await db.planningCenter.webhookSecrets())) throw refused()
    const people = deliveries.filter((d) => d.name.startsWith('people.v2.events.'))
    if (!people.length) return { received: true, applied: 0 }
    // One person's update is read alone when they are linked; anything else needs the lists.
    const alone = people.every((d) => d.name === PERSON_UPDATED && d.personId)
    if (alone) {
      let all = true
      for (const d of people) all = (await syncPlanningCenterPerson(db, d.personId!)) && all
      if (all) return { received: true, applied: people.length }
    }
    await syncPlanningCenter(db, 'webhook')
    return { received: true, applied: people.length }
  },
})
