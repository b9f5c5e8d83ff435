import { afterEach, describe, expect, it, vi } from 'vitest'
import i18next from 'i18next'
import { addZoneToSignInLinks, withBrowserZone } from './browser.ts'

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

describe('the browser zone on the supervisor sign-in', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('adds tz to /api/login, keeping returnTo, and leaves other addresses alone', () => {
    expect(withBrowserZone('/api/login')).toBe(`/api/login?tz=${encodeURIComponent(zone)}`)
    expect(withBrowserZone('/api/login?returnTo=%2Fsubscribe')).toBe(
      `/api/login?returnTo=%2Fsubscribe&tz=${encodeURIComponent(zone)}`,
    )
    expect(withBrowserZone('/api/logout?local=true')).toBe('/api/logout?local=true')
    expect(withBrowserZone('https://example.org/api/login')).toBe('https://example.org/api/login')
  })

  it("carries a Spanish page's language too, so a supervisor who never chose one gets it", async () => {
    await i18next.changeLanguage('es')
    try {
      expect(withBrowserZone('/api/login')).toBe(`/api/login?tz=${encodeURIComponent(zone)}&language=es`)
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  it('rewrites a sign-in link as it is followed', () => {
    const root = document.implementation.createHTMLDocument()
    addZoneToSignInLinks(root)
    root.body.innerHTML = '<a href="/api/login"><span>Supervisor Login</span></a><a href="/pricing">Pricing</a>'
    const [login, pricing] = [...root.querySelectorAll('a')]
    const stop = vi.fn((e: Event) => e.preventDefault())
    root.addEventListener('click', stop)
    login!.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    pricing!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    expect(login!.getAttribute('href')).toBe(`/api/login?tz=${encodeURIComponent(zone)}`)
    expect(pricing!.getAttribute('href')).toBe('/pricing')
    expect(stop).toHaveBeenCalledTimes(2)
  })
})
