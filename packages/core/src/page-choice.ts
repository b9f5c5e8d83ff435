/**
 * Which file of the built web app answers a page request. The signed-out pages are
 * rendered to HTML at build time, once per language (web/src/prerender.tsx writes each where this
 * rule looks for it); everything else, and every request that carries the session cookie, gets the
 * app shell (index.html), which renders on the device. One implementation, used by the CloudFront
 * Function in front of the site bucket (infra/lib/constructs/site.ts embeds `choosePage`'s own
 * source) and by the local static server (local/src/web.ts).
 *
 * `choosePage` therefore runs in CloudFront Functions' JavaScript runtime 2.0 as well as in Node:
 * it refers to nothing outside itself (every value comes in `config`) and uses only what that
 * runtime has (ES 5.1 with const, let, arrow functions and template literals: no for-of,
 * destructuring, spread, `?.`, `??` or Array.prototype.includes). page-choice.test.ts runs the
 * embedded code and checks the language reading against the server's (languages.ts).
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts'

/** The session cookie's name (functions/src/http/cookies.ts sets it): `__Host-` needs https. */
export const SESSION_COOKIE = 'sid'
export const SECURE_SESSION_COOKIE = '__Host-sid'
export const sessionCookieFor = (https: boolean) => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE)

/** The app shell: the page every client-rendered address gets (and the service worker's fallback). */
export const APP_SHELL = '/index.html'

/** The signed-out pages rendered to HTML at build time (spec section 2's public pages). */
export const PRERENDERED_PAGES = [
  '/',
  '/pricing',
  '/staff-guide',
  '/auth-guide',
  '/staff-login',
  '/auth-required',
  '/payment-success',
] as const

/** Prerendered pages whose content reads the query string: with one (Stripe's return), the shell. */
export const QUERY_PAGES = ['/payment-success'] as const

/** What the rule reads of a request: no more, so the cache can vary on its answer alone. */
export interface PageRequest {
  /** The path, without the query string. */
  uri: string
  /** The Accept-Language header ('' when absent). */
  acceptLanguage: string
  /** The names of the cookies sent (values are not read). */
  cookieNames: readonly string[]
  /** Whether the address has a query string. */
  hasQuery: boolean
}

export interface PageChoiceConfig {
  pages: readonly string[]
  queryPages: readonly string[]
  sessionCookie: string
  languages: readonly string[]
  defaultLanguage: string
  shell: string
}

export const pageChoiceConfig = (sessionCookie: string): PageChoiceConfig => ({
  pages: PRERENDERED_PAGES,
  queryPages: QUERY_PAGES,
  sessionCookie,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  shell: APP_SHELL,
})

/**
 * The file that answers `request`: a file's own path (its last segment has a dot) is kept; a
 * prerendered page without the session cookie gets `/pages/<language><path>.html` (`/` is
 * `/pages/<language>/index.html`) in the language Accept-Language prefers most (its `q` weights
 * honoured; the first of equals; the default when it names none of ours); every other address
 * gets the app shell.
 */
export function choosePage(request: PageRequest, config: PageChoiceConfig): string {
  const uri = request.uri
  const last = uri.substring(uri.lastIndexOf('/') + 1)
  if (last.indexOf('.') !== -1) return uri
  const path = uri.replace(/\/+$/, '') || '/'
  if (config.pages.indexOf(path) === -1) return config.shell
  if (request.cookieNames.indexOf(config.sessionCookie) !== -1) return config.shell
  if (request.hasQuery && config.queryPages.indexOf(path) !== -1) return config.shell
  let language = config.defaultLanguage
  let best = 0
  const parts = request.acceptLanguage.split(',')
  for (let i = 0; i < parts.length; i++) {
    const params = parts[i]!.split(';')
    const tag = params[0]!.trim()
    let q = 1
    // Stryker disable next-line EqualityOperator: params[params.length] reads as no weight, as the end does
    for (let j = 1; j < params.length; j++) {
      const found = /^\s*q=([0-9.]+)\s*$/.exec(params[j]!)
      if (found) {
        q = Number(found[1])
        break
      }
    }
    const base = tag.toLowerCase().split(/[-_]/)[0]!
    // An empty tag or '*' names no language we speak.
    if (q > best && config.languages.indexOf(base) !== -1) {
      language = base
      best = q
    }
  }
  return `/pages/${language}${path === '/' ? '/index' : path}.html`
}

/**
 * The CloudFront Function (viewer request) of the site's default behaviour: rewrites the URI to the
 * file `choosePage` picks, so the cache key (the URI) varies on that choice and nothing else.
 */
// Stryker disable all: this is code as text, run by page-choice.cloudfront.test.ts, which cannot run instrumented code
export const cloudFrontPageFunction = (config: PageChoiceConfig): string =>
  [
    `var choosePage = ${choosePage.toString()};`,
    `var config = ${JSON.stringify(config)};`,
    'function handler(event) {',
    '  var request = event.request;',
    "  var header = request.headers['accept-language'];",
    '  request.uri = choosePage({',
    '    uri: request.uri,',
    "    acceptLanguage: header ? header.value : '',",
    '    cookieNames: Object.keys(request.cookies || {}),',
    '    hasQuery: Object.keys(request.querystring || {}).length > 0,',
    '  }, config);',
    '  return request;',
    '}',
  ].join('\n')
// Stryker restore all
