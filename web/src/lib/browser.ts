/**
 * Full browser navigations (to the API's sign-in and sign-out endpoints), in one object so
 * tests can observe them: jsdom cannot navigate.
 */
export const browser = {
  navigate(url: string) {
    window.location.assign(url)
  },
  pathname() {
    return window.location.pathname
  },
}

export const SUPERVISOR_LOGIN_URL = '/api/login'
export const LOGOUT_URL = '/api/logout?local=true'
