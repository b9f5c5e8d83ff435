import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptedLanguages, preferredLanguage } from './languages.ts'
import { pageChoiceConfig, PRERENDERED_PAGES, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './page-choice.ts'
import { page } from '../test/pages.ts'

describe('the file that answers a page request', () => {
  it('gives a signed-out visitor each prerendered page in the language they prefer', () => {
    expect(page('/')).toBe('/pages/en/index.html')
    expect(page('/staff-login')).toBe('/pages/en/staff-login.html')
    expect(page('/staff-login/')).toBe('/pages/en/staff-login.html')
    expect(page('/', { acceptLanguage: 'es-MX,es;q=0.9,en;q=0.8' })).toBe('/pages/es/index.html')
    expect(page('/pricing', { acceptLanguage: 'en-US,es;q=0.5' })).toBe('/pages/en/pricing.html')
    expect(page('/pricing', { acceptLanguage: 'fr-FR, es;q=0.4' })).toBe('/pages/es/pricing.html')
    expect(page('/pricing', { acceptLanguage: 'fr, de' })).toBe('/pages/en/pricing.html')
    expect(page('/', { acceptLanguage: 'es;q=0, en' })).toBe('/pages/en/index.html')
    for (const path of PRERENDERED_PAGES) expect(page(path)).toMatch(/^\/pages\/en\/[a-z-]+\.html$/)
  })

  it('gives the app shell to a request with the session cookie, whatever its value', () => {
    expect(page('/', { cookieNames: ['lang', SECURE_SESSION_COOKIE] })).toBe('/index.html')
    expect(page('/staff-login', { cookieNames: [SECURE_SESSION_COOKIE], acceptLanguage: 'es' })).toBe('/index.html')
    // Another cookie (or the plain-http name on https) is not a session.
    expect(page('/', { cookieNames: [SESSION_COOKIE, 'other'] })).toBe('/pages/en/index.html')
    expect(page('/', { cookieNames: ['sid'] }, pageChoiceConfig('sid'))).toBe('/index.html')
  })

  it('keeps client-rendered addresses on the shell: /subscribe, signed-in pages, unknown ones, and a query that changes the page', () => {
    for (const uri of ['/subscribe', '/settings', '/reports', '/employees', '/nowhere', '/submit-timesheet', '/demo'])
      expect(page(uri)).toBe('/index.html')
    expect(page('/payment-success', { hasQuery: true })).toBe('/index.html')
    expect(page('/', { hasQuery: true })).toBe('/pages/en/index.html')
  })

  it('reads a page under any number of trailing slashes, and a dot only in the last segment as a file', () => {
    expect(page('/pricing//')).toBe('/pages/en/pricing.html')
    expect(page('//')).toBe('/pages/en/index.html')
    expect(page('/x./pricing')).toBe('/index.html')
    expect(page('/a.b/staff-login')).toBe('/index.html')
  })

  it('honours a weight only when the parameter is exactly q=<number>', () => {
    for (const [header, language] of [
      ['es;xq=0.5, en;q=0.9', 'es'],
      ['es;q=0.5x, en;q=0.9', 'es'],
      ['es; q=0.5 , en;q=0.9', 'en'],
      ['*, es;q=0.1', 'es'],
      [';q=1, es;q=0.2', 'es'],
    ] as const) {
      expect(page('/', { acceptLanguage: header }), header).toBe(`/pages/${language}/index.html`)
      expect(preferredLanguage(acceptedLanguages(header)), header).toBe(language)
    }
  })

  it('leaves files alone', () => {
    expect(page('/assets/index-abc123.js')).toBe('/assets/index-abc123.js')
    expect(page('/logo.svg', { cookieNames: [SECURE_SESSION_COOKIE] })).toBe('/logo.svg')
    expect(page('/pages/es/index.html')).toBe('/pages/es/index.html')
  })

  it("reads Accept-Language as the server does (languages.ts): the language of the header's best tag we speak", () => {
    const tag = fc.constantFrom('en', 'es', 'es-MX', 'EN-us', 'es_US', 'fr', 'de-DE', '*', '', 'estonian', ' es ')
    const q = fc.option(fc.constantFrom('1', '0', '0.5', '0.9', '0.50', '1.0', 'x', '0.0.1', '.3'), { nil: undefined })
    const part = fc.tuple(tag, q).map(([t, w]) => (w === undefined ? t : `${t};q=${w}`))
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        const header = parts.join(',')
        const expected = `/pages/${preferredLanguage(acceptedLanguages(header))}/index.html`
        expect(page('/', { acceptLanguage: header })).toBe(expected)
      }),
    )
  })
})
