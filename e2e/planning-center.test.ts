import { describe, expect, it, onTestFinished } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { PAT } from '../test/vendors/planning-center-double.ts'
import { useBrowser } from './browser.ts'
import { call } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'
import { signedInSupervisor } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const DESKTOP = { width: 1280, height: 900 }

/** Waits for the answer of the panel's call (a click's request) and checks it succeeded. */
const answered = async (page: Page, method: string, path: string, click: () => Promise<void>) => {
  const response = page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path)
  await click()
  expect((await response).status()).toBe(200)
}

/** Sync now, then the last run as the panel shows it once it holds these counts. */
const syncNow = async (page: Page, item: Locator, counts: string) => {
  await answered(page, 'POST', '/api/integrations/planning-center/sync', () =>
    item.getByRole('button', { name: 'Sync now' }).click(),
  )
  const last = item.getByTestId('pco-last-run')
  await last.getByText(counts, { exact: true }).waitFor()
  expect(await last.textContent()).toMatch(/^Last sync .* \(Sync now\)/)
  return last
}

/**
 * Settings → Integrations → Planning Center People, against the double of its People API that the
 * browser tests' stack talks to (test/vendors/e2e-vendors.ts: Church Staff holds two people,
 * Volunteers one): a personal access token connects, the two lists are picked, Sync now adds the
 * three and says so; at 1280 px a second sync changes nothing.
 */
describe('Planning Center People in Settings → Integrations', () => {
  it('connects with a personal access token, picks the lists, syncs and shows what changed, at 375 and 1280 px', async () => {
    const page = await signedInSupervisor(newPage(PHONE))
    // One church at a time holds the double's Planning Center organization: a retry's church needs it free.
    onTestFinished(() => call(page, 'POST', '/api/integrations/planning-center/disconnect', {}).then(() => undefined))
    await page.goto('/settings/integrations')
    const item = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Connect with token' }) })
    await item.getByLabel('Application ID').fill(PAT.applicationId)
    await item.getByLabel('Secret').fill(PAT.secret)
    await expectAccessible(page, 'Settings → Integrations with the Planning Center token form')
    await answered(page, 'POST', '/api/integrations/planning-center/token', () =>
      item.getByRole('button', { name: 'Connect with token' }).click(),
    )

    const panel = page.getByRole('listitem').filter({ has: page.getByLabel('Staff list') })
    await panel.getByLabel('Staff list').selectOption({ label: 'Church Staff' })
    await panel.getByLabel('Volunteers list').selectOption({ label: 'Volunteers' })
    await panel.getByLabel('Department of new staff').fill('Office')
    await panel.getByLabel('Department of new volunteers').fill('Hospitality')
    await answered(page, 'PUT', '/api/integrations/planning-center', () =>
      panel.getByRole('button', { name: 'Save lists' }).click(),
    )
    expect(await panel.getByTestId('pco-last-run').textContent()).toBe('Not synced yet')
    await fitsPhone(page)
    await expectAccessible(page, 'Settings → Integrations with the Planning Center lists')

    const last = await syncNow(page, panel, '3 added, 0 updated, 0 unchanged, 0 not synced, 0 deactivated')
    expect(
      (await last.getByRole('list', { name: 'What changed' }).getByRole('listitem').allTextContents()).sort(),
    ).toEqual(['Joel Baptiste added', 'Marta Quispe added', 'Teo Vargas added'])
    await fitsPhone(page)
    await expectAccessible(page, 'Settings → Integrations after a Planning Center sync')

    await page.setViewportSize(DESKTOP)
    await page.reload()
    const again = await syncNow(
      page,
      page.getByRole('listitem').filter({ has: page.getByLabel('Staff list') }),
      '0 added, 0 updated, 3 unchanged, 0 not synced, 0 deactivated',
    )
    expect(await again.getByRole('list', { name: 'What changed' }).count()).toBe(0)
    await expectAccessible(page, 'Settings → Integrations after a second Planning Center sync, at 1280 px')

    // The people are members now, in the departments their lists give.
    await page.goto('/employees')
    const members = page.getByRole('table', { name: 'Members' })
    for (const [name, department] of [
      ['Marta Quispe', 'Office'],
      ['Joel Baptiste', 'Office'],
      ['Teo Vargas', 'Hospitality'],
    ])
      await members.getByRole('row').filter({ hasText: name }).filter({ hasText: department }).waitFor()
  })
})
