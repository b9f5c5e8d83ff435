import { DEFAULT_LANGUAGE } from '@app/core'
import { currentLanguage } from '../i18n.ts'

/**
 * Full browser navigations (to the API's sign-in and sign-out endpoints), in one object so
 * tests can observe them: jsdom cannot navigate.
 */
export const browser = {
  navigate(url: string) {
    window.location.assign(withBrowserZone(url))
  },
  pathname() {
    return window.location.pathname
  },
}

export const SUPERVISOR_LOGIN_URL = '/api/login'

/** A path without its trailing slashes ('/' stays '/'). */
export const normalPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

/** The kiosk's own address: shown to whoever opens it; the page itself asks the server whether this is a kiosk. */
export const KIOSK_PATH = '/kiosk'

/**
 * Whether the browser shows the kiosk's page, where no session check is made: the page asks the
 * server itself, and a kiosk's session check is refused (403), an error in the browser's console.
 * Never when a page is rendered at build time, where there is no window.
 */
export const onKioskPage = () => typeof window !== 'undefined' && normalPath(browser.pathname()) === KIOSK_PATH

/** The device's own zone (the fallback while an organization's zone is unknown). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * A supervisor sign-in URL carrying the browser's zone as `tz`: the first sign-in creates the
 * organization in that zone (functions/src/auth/login.ts). Other URLs are returned unchanged.
 */
export const withBrowserZone = (url: string): string => {
  const target = new URL(url, window.location.origin)
  if (target.origin !== window.location.origin || target.pathname !== SUPERVISOR_LOGIN_URL) return url
  const zone = browserTimeZone()
  if (zone && !target.searchParams.has('tz')) target.searchParams.set('tz', zone)
  // The page's language: a supervisor who never chose one gets it at sign-in. English
  // is the default and goes unsaid; the callback then reads the browser's Accept-Language.
  const language = currentLanguage()
  if (language !== DEFAULT_LANGUAGE && !target.searchParams.has('language'))
    target.searchParams.set('language', language)
  return `${target.pathname}${target.search}`
}

/**
 * Sign-in links keep their plain href (/api/login); the zone is added as the link is followed,
 * by one listener for every link of the app (capture phase, before the browser navigates).
 */
export const addZoneToSignInLinks = (root: Document) =>
  root.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (link instanceof HTMLAnchorElement) {
        const href = link.getAttribute('href')!
        const zoned = withBrowserZone(href)
        if (zoned !== href) link.setAttribute('href', zoned)
      }
    },
    true,
  )
export const LOGOUT_URL = '/api/logout?local=true'
