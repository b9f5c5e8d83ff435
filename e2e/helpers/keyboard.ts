import type { Locator, Page } from 'playwright-core'

/**
 * Moves the focus with Tab (or Shift+Tab) until `target` has it, as a keyboard-only person
 * would; fails when it is not reached within `max` presses (it cannot be reached by keyboard).
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  if (await target.evaluate((el) => el === document.activeElement)) return
  throw new Error(`${target.toString()} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`)
}
