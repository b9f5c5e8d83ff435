import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PRERENDERED_PAGES } from '@app/core'
import { appUrl, useBrowser } from './browser.ts'
import { signedInSupervisor } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** The first bytes as curl gets them: no script runs. */
const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(new URL(path, appUrl()), { headers })
  expect(res.status).toBe(200)
  return res.text()
}

/** Console errors and warnings (React reports a hydration mismatch there) and uncaught errors. */
const watchConsole = (page: Page) => {
  const problems: string[] = []
  page.on('console', (m) => {
    // The signed-out session check answers 401 (browsers log it); the tests block the service worker.
    if (
      (m.type() === 'error' || m.type() === 'warning') &&
      !/status of 401|Service Worker registration blocked/.test(m.text())
    )
      problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}

/** Hydration is over when the page's controls are enabled (lib/hydrated.ts) and React has attached to the root. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root')
    return Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer')))
  })

describe('public pages arrive as HTML', () => {
  it('the first byte of / and /staff-login holds their texts, in Spanish when Accept-Language prefers it', async () => {
    expect(await html('/')).toContain('Supervisor Login')
    const staffLogin = await html('/staff-login')
    expect(staffLogin).toContain('Contact your supervisor for access.')
    // The scripts only hydrate what already paints, so they yield to it on a slow link.
    expect(staffLogin).toMatch(/<script type="module" fetchpriority="low"/)
    expect(staffLogin).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/)
    const es = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }
    const landing = await html('/', es)
    expect(landing).toContain('Acceso de supervisores')
    expect(landing).toContain('<html lang="es">')
    expect(await html('/staff-login', es)).toContain('Pida acceso a su supervisor.')
    // A session cookie gets the app shell, never the landing page.
    const shell = await html('/', { cookie: 'sid=whatever' })
    expect(shell).not.toContain('Supervisor Login')
    expect(shell).toContain('<div id="root"></div>')
    // The shell names a member's first screen's chunks, fetched while it parses; a visitor's page does not.
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AppShell-[\w-]+\.js">/)
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/DashboardPage-[\w-]+\.js">/)
    expect(staffLogin + landing).not.toMatch(/\/assets\/(AppShell|DashboardPage)-/)
    // /subscribe and the 404 page are rendered in the browser.
    expect(await html('/subscribe')).toContain('<div id="root"></div>')
    expect(await html('/no-such-page')).toContain('<div id="root"></div>')
  })

  it('every prerendered page hydrates in English and in Spanish with no warning or error', async () => {
    for (const locale of ['en-US', 'es-MX']) {
      const page = await newPage({ width: 1280, height: 800 }, { locale })
      const problems = watchConsole(page)
      for (const path of PRERENDERED_PAGES) {
        await page.goto(path)
        expect(await page.evaluate(() => document.getElementById('root')!.dataset.ns), path).toBeDefined()
        await hydrated(page)
        // What hydration found was kept: the server's heading is still the element on screen.
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        await page.waitForLoadState('networkidle')
      }
      expect(problems, locale).toEqual([])
    }
  })

  it('the staff login form and the pricing toggle work once hydrated, and wait for it before', async () => {
    const page = await newPage()
    const problems = watchConsole(page)
    await page.goto('/staff-login')
    await page.getByLabel('Username').fill('nobody')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Invalid username or password').waitFor()
    expect(new URL(page.url()).search).toBe('')
    await page.goto('/pricing')
    await page.getByRole('radio', { name: /Annual/ }).click()
    await page.getByRole('group', { name: 'Starter' }).getByText('$164', { exact: true }).waitFor()
    expect(problems.filter((p) => !/status of 40[01]/.test(p))).toEqual([])
  })

  it('a signed-in reload of / never renders the landing page', async () => {
    const page = await signedInSupervisor(newPage(), 'reload')
    await page.addInitScript(() => {
      const seen = ((window as { landingSeen?: boolean }).landingSeen = false)
      void seen
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Supervisor Login'))
          (window as { landingSeen?: boolean }).landingSeen = true
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    for (let i = 0; i < 2; i++) {
      await page.reload()
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
      expect(await page.evaluate(() => (window as { landingSeen?: boolean }).landingSeen)).toBe(false)
    }
    // And the HTML itself was the app shell.
    const cookies = await page.context().cookies()
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    expect(await html('/', { cookie })).not.toContain('Supervisor Login')
  })
})
