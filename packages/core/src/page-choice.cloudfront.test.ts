import { describe, expect, it } from 'vitest'
import {
  cloudFrontPageFunction,
  SECURE_SESSION_COOKIE,
  type PageChoiceConfig,
  type PageRequest,
} from './page-choice.ts'
import { page, siteConfig } from '../test/pages.ts'

/*
 * The CloudFront Function is choosePage's own source, embedded: run as text, it cannot run under
 * Stryker's instrumentation (its mutants call Stryker's globals), so these tests live in their own
 * file, which stryker.vitest.config.ts leaves out; page-choice.test.ts tests the rule itself.
 */

/** The CloudFront Function's code, run as CloudFront runs it: a `handler` given a viewer-request event. */
const cloudFront = (c: PageChoiceConfig) => {
  const handler = new Function(`${cloudFrontPageFunction(c)}; return handler`)() as (e: unknown) => { uri: string }
  return (uri: string, more: Partial<PageRequest> = {}) => {
    const headers: Record<string, { value: string }> = {}
    if (more.acceptLanguage) headers['accept-language'] = { value: more.acceptLanguage }
    const cookies = Object.fromEntries((more.cookieNames ?? []).map((n) => [n, { value: 'x' }]))
    const querystring = more.hasQuery ? { plan: { value: 'p' } } : {}
    return handler({ request: { uri, headers, cookies, querystring } }).uri
  }
}

describe('the CloudFront Function that answers a page request', () => {
  it('is what the CloudFront Function runs: the same answers from a viewer-request event', () => {
    const viaCloudFront = cloudFront(siteConfig)
    const cases: [string, Partial<PageRequest>][] = [
      ['/', {}],
      ['/', { acceptLanguage: 'es-MX,es;q=0.9' }],
      ['/', { cookieNames: [SECURE_SESSION_COOKIE] }],
      ['/staff-login', { acceptLanguage: 'es' }],
      ['/payment-success', { hasQuery: true }],
      ['/payment-success', {}],
      ['/timesheets/12', {}],
      ['/assets/index-abc123.js', {}],
    ]
    for (const [uri, more] of cases) expect(viaCloudFront(uri, more)).toBe(page(uri, more))
    // No request headers, cookies or query string objects at all.
    const handler = new Function(`${cloudFrontPageFunction(siteConfig)}; return handler`)() as (e: unknown) => {
      uri: string
    }
    expect(handler({ request: { uri: '/', headers: {} } }).uri).toBe('/pages/en/index.html')
  })

  it("uses only what CloudFront Functions' JavaScript runtime 2.0 has", () => {
    const code = cloudFrontPageFunction(siteConfig)
    expect(code.length).toBeLessThan(10_240)
    for (const unsupported of ['?.', '??', '...', ' of ', '.includes(', 'import ', 'export ', 'require('])
      expect(code).not.toContain(unsupported)
    expect(code).not.toMatch(/\b(const|let)\s*[{[]/) // destructuring
  })
})
