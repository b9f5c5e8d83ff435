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

/**
 * Waits until `target` has the focus, then checks it keeps it once the frames and timers an
 * action set off have run (a dialog's focus handling moves it late, on a timer).
 */
export async function expectFocusStays(page: Page, target: Locator) {
  const handle = await target.elementHandle()
  const focused = () => page.evaluate((el) => el === document.activeElement, handle)
  const where = () =>
    page.evaluate(() => {
      const el = document.activeElement
      return el
        ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 40)}"`
        : 'nothing'
    })
  try {
    await page.waitForFunction((el) => el === document.activeElement, handle, { timeout: 5000 })
  } catch {
    throw new Error(`${target.toString()} never had the focus; ${await where()} has it`)
  }
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
  )
  if (!(await focused())) throw new Error(`${target.toString()} lost the focus to ${await where()}`)
}
