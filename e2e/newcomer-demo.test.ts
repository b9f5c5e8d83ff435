import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TEXT_LIMITS } from '@app/core'
import { useBrowser } from './browser.ts'

/**
 * On a 375 px phone: the demo's notice fits, its Activity page has
 * entries, and a text past its limit says so on its field before anything is saved.
 */
const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

/** Into the demo as `role`, as the /demo page's links go. */
const openDemo = async (page: Page, role: 'supervisor' | 'employee') => {
  await page.goto('/demo')
  await page
    .getByRole('link', { name: role === 'supervisor' ? 'Explore as a supervisor' : 'Explore as a staff member' })
    .click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

describe('the demo on a phone', () => {
  it('its notice reads as sentences across the screen, and its Activity page lists what happened', async () => {
    const page = await newPage(PHONE)
    await openDemo(page, 'supervisor')
    const notice = page.getByRole('region', { name: 'Demo' })
    const text = notice.getByTestId('demo-notice-text')
    await text.waitFor()
    const box = (await text.boundingBox())!
    const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
    // The width of the screen less its padding and the icon (it was a column one word wide), in
    // at most two lines of its ten words, and the links still on the screen.
    expect(box.width).toBeGreaterThan(PHONE.width - 2 * 16 - 24 - 40)
    expect(Math.round(box.height / lineHeight)).toBeLessThanOrEqual(2)
    for (const link of await notice.getByRole('link').all()) {
      const b = (await link.boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    // The Activity page: the demo's history, newest first, none of it after now.
    await page.goto('/activity')
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor()
    const list = page.getByRole('region', { name: 'Activity, newest first' })
    await list.getByRole('listitem').first().waitFor()
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(5)
    expect(await page.getByText('No activity found').count()).toBe(0)
    expect(await list.getByText('Timesheet submitted').count()).toBeGreaterThan(0)
    const entries = await page.evaluate(async () => {
      const res = await fetch('/api/audit?limit=100')
      return ((await res.json()) as { items: { at: string }[] }).items.map((e) => e.at)
    })
    const now = Date.now()
    expect(entries.length).toBeGreaterThan(5)
    for (const at of entries) expect(Date.parse(at)).toBeLessThanOrEqual(now)
  })
})

describe('a text past its limit', () => {
  it('says so on its field as the member types, before any save', async () => {
    const page = await newPage(PHONE)
    await openDemo(page, 'employee')
    await page.goto('/submit-timesheet')
    await page.getByRole('heading', { name: 'Submit Weekly Timesheet' }).waitFor()
    const activity = page.getByRole('region', { name: 'Monday' }).getByLabel('What did you do today?')
    const max = TEXT_LIMITS.activity
    await activity.fill('a'.repeat(max - 10))
    await page.getByText('10 characters left').waitFor()
    expect(await activity.getAttribute('aria-invalid')).toBeNull()
    await activity.fill('a'.repeat(max + 5))
    const error = page.getByText(`5 characters too many: at most ${max.toLocaleString('en-US')}`)
    await error.waitFor()
    expect(await activity.getAttribute('aria-invalid')).toBe('true')
    const errorId = await error.getAttribute('id')
    expect((await activity.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId)
    // The message stands by the field, on the screen.
    const field = (await activity.boundingBox())!
    const message = (await error.boundingBox())!
    expect(message.y).toBeGreaterThanOrEqual(field.y + field.height - 1)
    expect(message.y - (field.y + field.height)).toBeLessThan(40)
    expect(message.x + message.width).toBeLessThanOrEqual(PHONE.width)
    // Typing on: one more character past the limit, the polite announcement has not changed.
    const polite = page.locator('[aria-live="polite"]').filter({ hasText: 'Too long: at most' })
    expect(await polite.count()).toBe(1)
  })
})
