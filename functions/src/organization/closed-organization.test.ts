import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, defaultTimeOffPolicies, OrganizationClosure, WebhookCreated } from '@app/core'
import { orgDb, outbox, webhookDeliveries } from '@app/data'
import { keys, makeEmailDue, outboxItem, table, webhookDeliveryItem } from '@app/data/testing'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox, wholeInbox } from '../../test/support/test-inbox.ts'
import confirmAddress from '../email-confirmations/confirm-address.ts'
import showConfirmation from '../email-confirmations/show-confirmation.ts'
import confirmDecision from '../email-decisions/confirm-decision.ts'
import showDecision from '../email-decisions/show-decision.ts'
import { eraseClosedJob } from '../jobs/erase-closed.ts'
import { exportJob } from '../jobs/export-organization.ts'
import { timeOffYearlyJob } from '../jobs/time-off-yearly.ts'
import confirmUnsubscribe from '../notifications/confirm-unsubscribe.ts'
import showUnsubscribe from '../notifications/show-unsubscribe.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import saveDraft from '../timesheets/save-draft.ts'
import updatePolicies from '../time-off/update-policies.ts'
import { brandOf, queuedEmail, recipientOf } from '../views/queued-email.ts'
import createWebhook from '../webhooks/create-webhook.ts'
import { createAddressLink } from '../workflows/address-links.ts'
import { decisionLinkUrls } from '../workflows/decision-links.ts'
import { retryDueEmails } from '../workflows/mailer.ts'
import { runReminders } from '../workflows/reminders.ts'
import { unsubscribeUrl } from '../workflows/unsubscribe-links.ts'
import { retryDueWebhooks } from '../workflows/webhook-sender.ts'
import closeOrganization from './close-organization.ts'
import getExport from './get-export.ts'
import reopenOrganization from './reopen-organization.ts'
import startExport from './start-export.ts'

/**
 * While an organization is closed nothing of it acts: no emailed link decides, unsubscribes or
 * confirms; no reminder, digest or clock-out email is queued; what was queued (emails, webhook
 * deliveries, exports) waits; the yearly time-off job passes it by. Only the closure's own email
 * (the erasure warning) goes out. Reopened, everything that waited goes out and the links work.
 */
const received: string[] = []
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push(body)
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const tokenOf = (url: string) => url.split('/').pop()!
const post = (route: typeof confirmDecision, token: string) => postLinkForm(route, token)
const closedPage = (res: { status: number; text: string }) => {
  expect(res.status, res.text).toBe(403)
  expect(res.text).toContain('This organization is closed')
  expect(res.text).toContain('Nothing was changed.')
}

describe('a closed organization', () => {
  it(
    'follows no link and runs no job until it is reopened; then what waited goes out and the links work',
    { timeout: 120_000 },
    async () => {
      const org = await newOrganization('Quiet Church')
      const orgId = org.organization.id
      const db = orgDb(orgId)
      const staff = await newStaffMember(org.cookie)
      const unconfirmed = await newStaffMember(org.cookie, 'employee', { confirmed: false })
      const policies = defaultTimeOffPolicies()
      policies.policies[0] = { ...policies.policies[0]!, accrual: { method: 'yearly', hours: 40, on: '01-01' } }
      expect((await callRoute(updatePolicies, { cookies: [org.cookie], body: policies })).status).toBe(200)
      const hook = WebhookCreated.parse(
        (
          await callRoute(createWebhook, {
            cookies: [org.cookie],
            body: { url: `${base}/hook`, events: ['timesheet.approved'] },
          })
        ).json,
      )

      // A week waiting for approval, and a clock left running last week (a clock-out nudge is due).
      const week = currentWeekStart('America/Chicago', 'monday')
      const sheet = (
        await callRoute(createTimesheet, {
          cookies: [staff.cookie],
          body: { weekStartDate: week, mondayStart: '09:00', mondayEnd: '13:00' },
        })
      ).json as { id: number; version: number }
      await callRoute(saveDraft, {
        cookies: [staff.cookie],
        body: { weekStartDate: addDays(week, -7), mondayStart: '08:00' },
      })

      // Links already emailed: Approve, Unsubscribe, Confirm this address.
      const { approve } = await decisionLinkUrls({
        orgId,
        timesheetId: sheet.id,
        version: sheet.version,
        supervisorId: org.supervisor.id,
      })
      const unsubscribe = tokenOf(await unsubscribeUrl({ orgId, userId: staff.user.id, kind: 'reminder' }))
      const unconfirmedEmail = (await db.users.get(unconfirmed.user.id)).email!
      const confirm = await createAddressLink({ orgId, userId: unconfirmed.user.id, email: unconfirmedEmail })

      // Queued and not yet sent: an email, a webhook delivery, an export.
      const organization = await db.organization.get()
      const waiting = queuedEmail('exportReady', 'en', {
        to: recipientOf(org.supervisor),
        organization: brandOf(organization),
        dataUrl: 'http://127.0.0.1/settings#data',
      })
      await table.put(outboxItem(orgId, waiting))
      const delivery = { orgId, webhookId: hook.id, id: `quiet-${sheet.id}`, event: 'timesheet.approved' as const }
      await table.put(webhookDeliveryItem({ ...delivery, payload: '{"type":"timesheet.approved"}' }))
      const makeDeliveryDue = () =>
        table.update(keys.webhookDelivery(orgId, hook.id, delivery.id), {
          UpdateExpression: 'SET gsi1sk = :due',
          ExpressionAttributeValues: {
            ':due': keys.webhookDueAt('2000-01-01T00:00:00.000Z', orgId, hook.id, delivery.id),
          },
        })
      const started = await callRoute(startExport, { cookies: [org.cookie] })
      expect(started.status, started.text).toBe(200)
      const exportId = started.json.id as string

      const closed = await callRoute(closeOrganization, {
        cookies: [org.cookie],
        body: { confirm: org.organization.name },
      })
      expect(closed.status, closed.text).toBe(200)
      const { eraseOn } = OrganizationClosure.parse(closed.json)
      // Other test files share the local inbox: count only what went to this church's people.
      const people = await Promise.all(
        [org.supervisor.id, staff.user.id, unconfirmed.user.id].map((id) => db.users.get(id)),
      )
      const addresses = people.map((p) => p.email).filter((e): e is string => Boolean(e))
      const churchMail = async () =>
        (await wholeInbox()).filter((e) => e.destination.to.some((to) => addresses.includes(to)))
      const mailBefore = (await churchMail()).length

      // The jobs: nothing queued, sent, delivered, made or posted.
      expect(await runReminders({ orgIds: [orgId], asIfScheduled: true })).toMatchObject({ closed: 1, queued: 0 })
      await makeEmailDue(orgId, waiting.id)
      await makeDeliveryDue()
      await retryDueEmails()
      await retryDueWebhooks()
      expect((await outbox.pendingFor(orgId)).find((e) => e.id === waiting.id)).toMatchObject({ attempts: 0 })
      const { delivery: held } = await webhookDeliveries.load(orgId, hook.id, delivery.id)
      expect(held).toMatchObject({ status: 'pending', attempts: 0 })
      expect(received).toEqual([])
      expect(await exportJob([orgId])).toEqual({ running: 1, made: 0 })
      expect((await callRoute(getExport, { cookies: [org.cookie], params: { id: exportId } })).status).toBe(403)
      expect((await db.exports.get(exportId)).status).toBe('running')
      expect(await timeOffYearlyJob([orgId], '2027-01-02')).toEqual({ organizations: 1, closed: 1, postings: 0 })

      // The links, GET and POST: a page saying it is closed, and nothing changed.
      for (const res of [
        await callRoute(showDecision, { params: { token: tokenOf(approve) } }),
        await post(confirmDecision, tokenOf(approve)),
        await callRoute(showUnsubscribe, { params: { token: unsubscribe } }),
        await post(confirmUnsubscribe, unsubscribe),
        await callRoute(showConfirmation, { params: { token: confirm } }),
        await post(confirmAddress, confirm),
      ])
        closedPage(res)
      expect((await db.timesheets.get(sheet.id)).status).toBe('pending')
      expect(await db.notifications.optOuts(staff.user.id)).toEqual([])
      expect((await db.users.get(unconfirmed.user.id)).emailConfirmed).toBe(false)
      expect((await db.exports.auditTrail()).map((e) => e.action)).not.toContain('timesheet.approved')
      expect(received).toEqual([])
      expect((await churchMail()).length).toBe(mailBefore)

      // The closure's own email still goes out: the erasure warning, a week before.
      expect((await eraseClosedJob(addDays(eraseOn, -7))).warned).toBeGreaterThanOrEqual(1)
      const warned = await inbox(org.supervisor.email!)
      expect(warned.filter((m) => m.subject.includes('will be erased on'))).toHaveLength(1)
      expect(warned.filter((m) => m.subject.includes('Your export'))).toHaveLength(0)

      // Reopened: what waited goes out (at the next look, here made due now), and the links act again.
      expect((await callRoute(reopenOrganization, { cookies: [org.cookie] })).status).toBe(204)
      await makeEmailDue(orgId, waiting.id)
      await makeDeliveryDue()
      await retryDueEmails()
      await retryDueWebhooks()
      expect((await outbox.pendingFor(orgId)).map((e) => e.id)).not.toContain(waiting.id)
      expect((await inbox(org.supervisor.email!)).filter((m) => m.subject.includes('Your export'))).toHaveLength(1)
      expect(received).toEqual(['{"type":"timesheet.approved"}'])
      expect(await exportJob([orgId])).toEqual({ running: 1, made: 1 })
      expect((await callRoute(showDecision, { params: { token: tokenOf(approve) } })).status).toBe(200)
      const approved = await post(confirmDecision, tokenOf(approve))
      expect(approved.status, approved.text).toBe(200)
      expect((await db.timesheets.get(sheet.id)).status).toBe('approved')
      expect((await post(confirmUnsubscribe, unsubscribe)).status).toBe(200)
      expect(await db.notifications.optOuts(staff.user.id)).toEqual(['reminder'])
      expect((await post(confirmAddress, confirm)).status).toBe(200)
      expect((await db.users.get(unconfirmed.user.id)).emailConfirmed).toBe(true)
      const yearly = await timeOffYearlyJob([orgId], '2027-01-02')
      expect(yearly).toMatchObject({ closed: 0 })
      expect(yearly.postings).toBeGreaterThan(0)
      const reminded = await runReminders({ orgIds: [orgId], asIfScheduled: true })
      expect(reminded).toMatchObject({ closed: 0 })
      expect(reminded.queued).toBeGreaterThan(0)
    },
  )
})
