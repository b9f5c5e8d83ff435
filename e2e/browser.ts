import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { CHROMIUM_FLAGS } from './chromium-flags.ts'

/** Debian's Chromium, headless, with nothing reaching outside the machine. */
const chromiumOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_FLAGS, '--disable-quic'],
})

export const launchBrowser = () => chromium.launch(chromiumOptions())

/**
 * The same Chromium with a profile on disk: a browser's own contexts are off the record, and
 * Chromium never offers to install an app from those ('in-incognito').
 */
export const launchProfile = (userDataDir: string, viewport: { width: number; height: number }) =>
  chromium.launchPersistentContext(userDataDir, { ...chromiumOptions(), baseURL: appUrl(), viewport })

export const appUrl = () => inject('stackEnv').APP_ORIGIN!
export const inboxUrl = () => inject('stackEnv').INBOX_URL!

/**
 * One browser per test file; `newPage` gives each test a fresh context (cookies) at a viewport.
 * Service workers are blocked unless the file is about them (`{ serviceWorkers: 'allow' }`): each
 * fresh context would otherwise install ours and precache every file of the app, about a sixth of
 * the browser tests' CPU on two cores (measured 2026-11-23), for pages that never go offline.
 */
export const useBrowser = ({ serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {}) => {
  let browser: Browser
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()))
    await browser?.close()
  })
  return {
    async newPage(
      viewport = { width: 1280, height: 800 },
      options: { timezoneId?: string; locale?: string; userAgent?: string } = {},
    ): Promise<Page> {
      const context = await browser.newContext({ baseURL: appUrl(), viewport, serviceWorkers, ...options })
      contexts.push(context)
      return context.newPage()
    },
  }
}
