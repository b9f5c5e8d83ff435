import { describe, expect, it } from 'vitest'
import { appUrl, useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { collectErrors } from './helpers/page-errors.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** A call from outside the browser, as curl makes it: no cookie, only the token. */
const withToken = (token: string, path: string) =>
  fetch(`${appUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } })

describe('Settings → API', () => {
  it('a supervisor makes a token (its secret shown once), a system lists timesheets with it, and revoking stops it', async () => {
    const { supervisor, member } = await supervisorWithSignedInStaff(newPage, { department: 'Youth' })
    const sheet = await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' })

    await supervisor.goto('/settings/api')
    const section = supervisor.getByRole('region', { name: 'API' })
    await section.getByText('No API tokens yet.').waitFor()
    await section.getByLabel('Name').fill('Planning Center sync')
    await section.getByRole('checkbox', { name: /timesheets:read/ }).check()
    await section.getByRole('button', { name: 'Create API token' }).click()
    const secret = (await section.getByTestId('new-api-token').textContent())!.trim()
    expect(secret).toMatch(/^mtk_/)
    await section.getByText('Created').first().waitFor()
    await expectAccessible(supervisor, 'Settings → API with a new token')

    // The first call with curl, as /developers shows it.
    const listed = await withToken(secret, '/api/timesheets?status=pending')
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toContain(sheet.id)
    const members = await withToken(secret, '/api/employees')
    expect(members.status).toBe(403)
    expect(await members.text()).toContain('members:read')

    // Shown once: after a reload the list has the token, never its secret, with when it was last used.
    await supervisor.reload()
    const row = section.getByRole('listitem').filter({ hasText: 'Planning Center sync' })
    await row.waitFor()
    expect(await supervisor.content()).not.toContain(secret)
    expect(await row.textContent()).not.toContain('Last used never')

    supervisor.once('dialog', (d) => void d.accept())
    await row.getByRole('button', { name: 'Revoke Planning Center sync' }).click()
    await section.getByText('No API tokens yet.').waitFor()
    expect((await withToken(secret, '/api/timesheets')).status).toBe(401)

    const audit = await api<{ items: { action: string }[] }>(supervisor, 'GET', '/api/audit')
    expect(audit.items.map((e) => e.action)).toEqual(expect.arrayContaining(['apiToken.created', 'apiToken.revoked']))

    // The reference names the scope of the call just made.
    await supervisor.goto('/developers')
    await supervisor.getByRole('heading', { name: 'Your first call with curl' }).waitFor()
    await supervisor
      .locator('[id="operation/timesheets/list-timesheets"]')
      .getByText('timesheets:read')
      .first()
      .waitFor()
  })
})

describe('/developers', () => {
  it('renders the published API with Redoc at 375 px below the first call with curl: no horizontal scroll, no console error, no CSP violation, nothing fetched from elsewhere', async () => {
    const page = await newPage({ width: 375, height: 800 })
    const errors = collectErrors(page)
    const violations: string[] = []
    const elsewhere: string[] = []
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v))
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      ),
    )
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== appUrl() && !r.url().startsWith('data:')) elsewhere.push(r.url())
    })

    await page.goto('/developers')
    await page.getByRole('heading', { name: 'Your first call with curl' }).waitFor()
    await page.getByText(`curl -H "Authorization: Bearer $TOKEN" ${appUrl()}/api/timesheets?status=pending`).waitFor()

    // What each webhook event carries, from core's definition: ids, statuses and dates.
    const events = page.getByRole('region', { name: 'What each webhook event carries' })
    await events.getByText('member.added', { exact: true }).waitFor()
    await events.getByText('memberId, role, by', { exact: true }).first().waitFor()
    expect(await events.locator('dl').textContent()).not.toMatch(/email|comments|kind/)

    // Redoc's rendering of a manifest route: time off's decision, with the token scope that reaches it.
    const reference = page.getByRole('region', { name: 'API reference' })
    const decision = reference.locator('[id="operation/time-off/decide-time-off"]')
    await decision.waitFor()
    await decision.getByText('/api/time-off/{id}/status').first().waitFor({ state: 'attached' })
    await decision.getByText('time-off:decide').first().waitFor()
    expect(await decision.getByText('/api/time-off/{id}/status').first().textContent()).toContain(
      '/api/time-off/{id}/status',
    )

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // Nothing of the reference floats over its text at 375 px (Redoc's menu button was fixed to
    // the screen's corner, over the operations scrolling under it).
    await decision.scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/developers-375.png' })
    const covered = await page.evaluate(() => {
      const visible = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
      const reference = document.querySelector('section[aria-label="API reference"]')!
      const floating = Array.from(reference.querySelectorAll('*'))
        .filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position))
        .map((e) => e.getBoundingClientRect())
        .filter(visible)
      const text = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, p, pre, td, li'))
        .map((e) => e.getBoundingClientRect())
        .filter(visible)
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      return floating.flatMap((f) => text.filter((t) => meet(f, t)).map(() => `${f.x},${f.y} ${f.width}x${f.height}`))
    })
    expect(covered).toEqual([])
    // Its menu stands in as the reference's sections: one takes the reader there.
    const sections = page.getByRole('navigation', { name: 'Sections of the reference' })
    await sections.getByRole('link', { name: 'time-off', exact: true }).click()
    await page.waitForFunction(() => {
      const top = document.getElementById('tag/time-off')?.getBoundingClientRect().top
      return top !== undefined && Math.abs(top) < 80
    })
    await expectAccessible(page, 'the /developers page at 375 px')
    // The signed-out session check answers 401; browsers log that failed request as an error.
    const sessionCheck = (e: string) => e === '401 GET /api/auth/user' || /status of 401 .*\/api\/auth\/user$/.test(e)
    expect(errors.filter((e) => !sessionCheck(e))).toEqual([])
    expect(violations).toEqual([])
    expect(elsewhere).toEqual([])
  })
})
