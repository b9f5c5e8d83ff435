import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

/** A real receiver on 127.0.0.1 (the local stack may deliver to loopback over http). */
const received: { headers: IncomingHttpHeaders; body: string }[] = []
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (c: Buffer) => (body += c.toString()))
  req.on('end', () => {
    received.push({ headers: req.headers, body })
    res.end('ok')
  })
})
let receiverUrl: string
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('Settings → Webhooks', () => {
  it('on a 375 px phone a supervisor adds a webhook, gets its secret once, and sees the signed delivery of an approval', async () => {
    const { supervisor, member } = await supervisorWithSignedInStaff(newPage, { department: 'Youth' })
    const sheet = await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' })

    await supervisor.setViewportSize(PHONE)
    await supervisor.goto('/settings/webhooks')
    const section = supervisor.getByRole('region', { name: 'Webhooks' })
    await section.getByText('No webhooks yet.').waitFor()
    await section.getByLabel('URL').fill(receiverUrl)
    await section.getByRole('checkbox', { name: /timesheet\.approved/ }).check()
    await section.getByRole('button', { name: 'Add webhook' }).click()
    const secret = (await section.getByTestId('new-webhook-secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(supervisor, 'Settings → Webhooks with a new webhook at 375 px')
    await section.getByRole('button', { name: 'Done' }).click()

    // Approving the week delivers a signed timesheet.approved to the receiver.
    await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, { status: 'approved', comments: '' })
    expect(received).toHaveLength(1)
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as {
      type: string
      data: { timesheetId: number }
    }
    expect(payload.type).toBe('timesheet.approved')
    expect(payload.data.timesheetId).toBe(sheet.id)

    // Shown once: after a reload the secret is nowhere; the deliveries list shows the delivery.
    await supervisor.reload()
    const row = section.getByRole('listitem').filter({ hasText: receiverUrl })
    await row.getByRole('button', { name: 'Deliveries' }).click()
    const deliveries = section.getByRole('list', { name: `Deliveries to ${receiverUrl}` })
    await deliveries.getByText('Delivered').waitFor()
    await deliveries.getByText(/1 attempt · HTTP 200/).waitFor()
    expect(await supervisor.content()).not.toContain(secret)
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    supervisor.once('dialog', (d) => void d.accept())
    await row.getByRole('button', { name: `Delete the webhook to ${receiverUrl}` }).click()
    await section.getByText('No webhooks yet.').waitFor()
  })
})
