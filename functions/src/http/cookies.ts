import { config } from '@app/adapters'
import { KIOSK_IDLE_SECONDS, REMEMBERED_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '@app/data'
import { sessionCookieFor } from '@app/core'

/** `__Host-` needs Secure, which a plain-http local origin cannot have. */
const secure = () => config.appOrigin.startsWith('https://')
export const sessionCookieName = () => sessionCookieFor(secure())

const attributes = (maxAge: number) =>
  ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(secure() ? ['Secure'] : [])].join('; ')

export const sessionCookie = (sid: string) => `${sessionCookieName()}=${sid}; ${attributes(SESSION_IDLE_SECONDS)}`
/** A kiosk's session cookie lives as long as the kiosk session may stay idle. */
export const kioskSessionCookie = (sid: string) => `${sessionCookieName()}=${sid}; ${attributes(KIOSK_IDLE_SECONDS)}`
/**
 * A remembered phone's cookie lasts as long as its session may (the server ends it sooner
 * when the phone goes unused 90 days, or is signed out from the Profile).
 */
export const rememberedSessionCookie = (sid: string) =>
  `${sessionCookieName()}=${sid}; ${attributes(REMEMBERED_ABSOLUTE_SECONDS)}`
export const clearedSessionCookie = () => `${sessionCookieName()}=; ${attributes(0)}`

export const readCookie = (cookies: string[] | undefined, name: string): string | undefined => {
  for (const header of cookies ?? []) {
    for (const part of header.split(';')) {
      const [k, ...v] = part.trim().split('=')
      if (k === name) return v.join('=')
    }
  }
  return undefined
}
