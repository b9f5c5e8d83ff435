import i18next from 'i18next'
import { isUnauthorizedError } from '../api/client.ts'
import { browser, SUPERVISOR_LOGIN_URL } from './browser.ts'
import { toast, whenToastsShow } from './toast.ts'

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500
let redirecting = false

/**
 * Spec sections 6 and 8: on an unauthorized error, a destructive 'Unauthorized' toast, then after
 * 500 ms the browser goes to sign in (staff are sent to /staff-login from the timesheet page).
 * Returns whether the error was an unauthorized one, so callers can skip their own message.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false
  signInAgain()
  return true
}

/**
 * The 'Unauthorized' toast and, 500 ms later, the sign-in page: for an unauthorized answer, and for
 * a signed-out visitor who opens a signed-in page that says so (/submit-timesheet). Once at a time.
 */
export function signInAgain(): void {
  if (redirecting) return
  redirecting = true
  toast({
    title: i18next.t('common:signedOut.title'),
    description: i18next.t('common:signedOut.description'),
    variant: 'destructive',
  })
  // The 500 ms count from when the toast can show (the toasts' code loads after the first paint).
  whenToastsShow(() =>
    setTimeout(() => {
      redirecting = false
      browser.navigate(browser.pathname() === '/submit-timesheet' ? '/staff-login' : SUPERVISOR_LOGIN_URL)
    }, UNAUTHORIZED_REDIRECT_DELAY_MS),
  )
}
