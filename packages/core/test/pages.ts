import { choosePage, pageChoiceConfig, SECURE_SESSION_COOKIE, type PageRequest } from '../src/page-choice.ts'

/** The deployed site's page choice: its session cookie is the secure one. */
export const siteConfig = pageChoiceConfig(SECURE_SESSION_COOKIE)

/** The file that answers `uri` on the site, for a visitor with no language, cookie or query unless `more` says. */
export const page = (uri: string, more: Partial<PageRequest> = {}) =>
  choosePage({ uri, acceptLanguage: '', cookieNames: [], hasQuery: false, ...more }, siteConfig)
