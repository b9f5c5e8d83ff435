import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'

/** The phone the browser tests hold: 375 px wide. */
export const PHONE = { width: 375, height: 812 }

/** The page never scrolls sideways on a 375 px phone. */
export const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

/** A control a thumb can hit: at least 44 px tall. */
export const touchable = async (control: Locator) =>
  expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44)

/** A toast's text (the toaster may also copy it into a screen-reader announcement, hence first()). */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first()
